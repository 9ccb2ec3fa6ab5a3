/**
 * The modules each public page's route loads, by route id, as keys of Vite's manifest (paths from the
 * web app's root): read from page-modules.ts (`dir` is its folder, `src/app`), whose lines say
 * `id: () => import('./routes/public/….tsx'),`. The build writes this beside the manifest
 * (`.vite/pages.json`, vite.config.ts) and the server preloads a page's chunks by its route id
 * (apps/api/src/plugins/app/page-preloads.ts). page-chunks.test.ts checks every route id is found.
 */
export function pageChunkKeys(source: string, dir: string): Record<string, string[]> {
  const key = (specifier: string) => `${dir}/${specifier.replace(/^\.\//, '')}`;
  const layout = /export const publicLayout = \(\) => import\('([^']+)'\);/.exec(source)?.[1];
  if (!layout) throw new Error('page-modules.ts: o layout das páginas públicas não foi encontrado');
  const pages: Record<string, string[]> = {};
  for (const [, id, specifier] of source.matchAll(/^ {2}(\w+): \(\) => import\('([^']+)'\),$/gm)) {
    pages[id!] = [key(layout), key(specifier!)];
  }
  return pages;
}
