import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { pageChunkKeys } from './src/app/page-chunks.ts';

/**
 * Writes `.vite/pages.json` beside Vite's manifest: for each public page's route id, the manifest's
 * keys of the modules its route loads (src/app/page-chunks.ts). The server preloads a page's chunks
 * by its route id from it, without naming the web app's files (apps/api/src/plugins/app/page-preloads.ts).
 * A module that is not a chunk of the build fails the build.
 */
export function pageChunks(): Plugin {
  let root = '';
  let outDir = '';
  // A build of another entry (the bench's framework floor) is not the app: nothing to write.
  let otherEntry = false;
  return {
    name: 'urbana-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      otherEntry = (config.build.rolldownOptions?.input ?? config.build.rollupOptions?.input) !== undefined;
    },
    async writeBundle(_options, bundle) {
      if (otherEntry) return;
      const source = readFileSync(path.join(root, 'src/app/page-modules.ts'), 'utf8');
      const pages = pageChunkKeys(source, 'src/app');
      const chunks = new Set(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type === 'chunk' && chunk.facadeModuleId
            ? [path.relative(root, chunk.facadeModuleId).split(path.sep).join('/')]
            : [],
        ),
      );
      for (const [id, keys] of Object.entries(pages)) {
        const missing = keys.find((key) => !chunks.has(key));
        if (missing) this.error(`a página ${id} carrega ${missing}, que não é um chunk do build`);
      }
      await mkdir(path.join(outDir, '.vite'), { recursive: true });
      await writeFile(path.join(outDir, '.vite/pages.json'), JSON.stringify(pages));
    },
  };
}
