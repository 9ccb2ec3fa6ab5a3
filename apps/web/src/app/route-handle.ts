/** What each route of app/router.tsx declares for the document title (read by the root layout). */
export interface RouteHandle {
  title: string;
  /** The page sets document.title itself (e.g. a product's name). */
  dynamicTitle?: boolean;
}
