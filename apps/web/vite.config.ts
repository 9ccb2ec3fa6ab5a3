/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageChunks } from './page-chunks-plugin.ts';

/** The modules of the shared chunk `comum` (see `codeSplitting` below). */
const sharedModule =
  /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!dialog|date-range|leave-guard|search-picker|bottom-bar)|lib|features[\\/](cart|favorites|search[\\/](?!components)|catalog[\\/](api|index|components[\\/](?!results-map))))|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/;
/** The shell every public page draws besides `comum`: header, footer and the home page. */
const shellModule = /app[\\/](layouts[\\/](header|footer|account-button)|routes[\\/]public[\\/]home)\.tsx$/;

/**
 * The files of lucide's icons that `comum` and the shell draw. Every icon is imported through
 * lucide's index, so the bundler cannot tell who draws it: the imports are read here, and each name
 * found in the index's re-exports (`export { default as Heart, … } from './icons/heart.mjs'`).
 */
function shellIconFiles(root: string): Set<string> {
  const index = readFileSync(path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names!.matchAll(/default as (\w+)/g)) fileOf.set(name[1]!, file!);
  }
  const files = new Set<string>();
  const src = path.join(root, 'apps/web/src');
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.tsx?$/.test(file) || !(sharedModule.test(file) || shellModule.test(file)))
      continue;
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const name of names!.split(',')) {
        const icon = fileOf.get(name.trim().split(/\s+as\s+/)[0]!);
        if (icon) files.add(icon);
      }
    }
  }
  return files;
}
const shellIcons = shellIconFiles(path.resolve(import.meta.dirname, '../..'));
const lucideIcon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.gz` (Zopfli) and `.br` copies of the text assets next to them, so the server sends them
 * pre-compressed instead of compressing on every request. The work is shared among worker threads,
 * one a core (apps/web/precompress-worker.mjs).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'urbana-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if ((await stat(file)).size >= 1024) files.push(file);
      }
      const workers = Math.max(1, Math.min(availableParallelism(), files.length));
      await Promise.all(
        Array.from({ length: workers }, (_, index) => {
          const share = files.filter((_file, i) => i % workers === index);
          return new Promise<void>((resolve, reject) => {
            const worker = new Worker(path.join(import.meta.dirname, 'precompress-worker.mjs'), {
              workerData: { files: share },
            });
            worker.once('message', () => resolve());
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new Error(`compressão dos arquivos: worker saiu com ${code}`));
            });
          });
        }),
      );
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build (src/entry-server.tsx, for apps/api) needs neither the public files nor the
  // compressed copies.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [pageChunks(), precompress()])],
  // React Router names only its development build in its package exports; the production build (the
  // same code without its development warnings) is what a build ships.
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React itself changes only with its version: its own file stays cached across releases.
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              // The app's own small modules that several public pages share travel together, one
              // request instead of a dozen; forms, schemas (zod), the dialog (Radix) and the map stay in
              // their own chunks, loaded by the pages that use them. The search page's own parts
              // (features/search/components) and the staff's date range (its check sits beside zod
              // schemas) stay with the pages that show them. Of lucide's icons only those of these shared
              // modules and of the shell come along; the others go with the pages that draw them
              // (docs/decisions/046-javascript-budgets.md).
              name: (id) => {
                if (sharedModule.test(id)) return 'comum';
                const icon = lucideIcon.exec(id)?.[1];
                return icon && shellIcons.has(icon) ? 'comum' : null;
              },
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
