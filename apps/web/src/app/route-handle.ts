/** What each route of app/router.tsx declares for the document's head (read by the root layout). */
export interface RouteHandle {
  title: string;
  /** The page's meta description (public pages, from @urbana/shared's table). */
  description?: string;
  /** The page sets document.title itself (e.g. a product's name). */
  dynamicTitle?: boolean;
}
