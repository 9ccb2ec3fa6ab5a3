/**
 * The shared chunks of the public pages (the groups of vite.config.ts), each one request instead of
 * a dozen:
 *   - `comum`: the app's own small modules that every page needs — those the entry (src/main.tsx)
 *     and the public pages' layout reach by static imports — with the icons they draw;
 *   - `catalogo`: the small shared modules the landing page adds (the product card, the place
 *     search, the favourite button) with their icons and its own: the catalogue's pages share them,
 *     and a page such as /auth never carries them.
 * A shared module neither reaches (a staff screen's helper, a page's endpoint group) goes with the
 * pages that import it (docs/decisions/121).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The modules that may travel in the shared chunks: the UI kit, lib/, the contexts and catalogue parts. */
const sharedModule =
  /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!dialog|date-range|leave-guard|search-picker|bottom-bar)|lib[\\/]|features[\\/](cart|favorites|search[\\/](?!components)|catalog[\\/](api|index|components[\\/](?!results-map))))|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;
/** Of those, the ones `catalogo` takes: not the UI kit, which pages with forms share with the landing page. */
const catalogModule = new RegExp(`^(?!.*components[\\\\/]ui[\\\\/]).*(?:${sharedModule.source})`);
/** The UI kit's small parts (no library of their own), which travel in `comum` whoever draws them. */
const smallKit =
  /apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](alert|badge|button|card|field|spinner)\.tsx$/;
const lucideIcon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

interface Part {
  /** The shared modules of the chunk. */
  modules: Set<string>;
  /** lucide's icon files drawn by its modules. */
  icons: Set<string>;
}

/**
 * The `name` functions of the groups `comum` and `catalogo`. Every icon is imported through lucide's
 * index, which imports them all, so the bundler cannot tell who draws one: the modules' imports from
 * 'lucide-react' are read, and each name found in the index's re-exports
 * (`export { default as Heart, … } from './icons/heart.mjs'`).
 */
export function sharedChunks(webRoot: string, repoRoot: string) {
  const shellStarts = ['src/main.tsx', 'src/app/layouts/public-layout.tsx'].map((file) =>
    path.join(webRoot, file),
  );
  const landing = path.join(webRoot, 'src/app/routes/public/home.tsx');
  const index = readFileSync(
    path.join(repoRoot, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'),
    'utf8',
  );
  const iconFile = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names!.matchAll(/default as (\w+)/g)) iconFile.set(name[1]!, file!);
  }

  /** The app's modules reached from `starts` by static imports, less `without`, and their icons. */
  const partOf = (graph: Graph, starts: string[], without: Set<string>, take = sharedModule): Part => {
    const part: Part = { modules: new Set(), icons: new Set() };
    const seen = new Set<string>();
    const pending = [...starts];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id) || without.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      pending.push(...info.importedIds);
      if (take.test(id)) part.modules.add(id);
      if (id.includes('node_modules')) continue;
      for (const [, names] of (info.code ?? '').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g,
      )) {
        for (const name of names!.split(',')) {
          const file = iconFile.get(name.trim().split(/\s+as\s+/)[0]!);
          if (file) part.icons.add(file);
        }
      }
    }
    return part;
  };

  // One walk of the graph per build: its objects stay the same throughout one chunking pass.
  const walks = new WeakMap<object, { comum: Part; catalogo: Part }>();
  const partsOf = (graph: Graph) => {
    const key = graph.getModuleInfo(shellStarts[0]!) ?? {};
    let parts = walks.get(key);
    if (!parts) {
      const comum = partOf(graph, shellStarts, new Set());
      const catalogo = partOf(graph, [landing], comum.modules, catalogModule);
      for (const icon of comum.icons) catalogo.icons.delete(icon);
      parts = { comum, catalogo };
      walks.set(key, parts);
    }
    return parts;
  };
  const nameFor =
    (chunk: 'comum' | 'catalogo') =>
    (id: string, graph: Graph): string | null => {
      const part = partsOf(graph)[chunk];
      const icon = lucideIcon.exec(id)?.[1];
      const kit = chunk === 'comum' && smallKit.test(id);
      return kit || part.modules.has(id) || (icon !== undefined && part.icons.has(icon)) ? chunk : null;
    };
  return { comum: nameFor('comum'), catalogo: nameFor('catalogo') };
}
