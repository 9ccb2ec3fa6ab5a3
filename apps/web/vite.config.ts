/// <reference types="vitest/config" />
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageChunks } from './page-chunks-plugin.ts';
import { sharedChunks } from './shell-chunk.ts';

const shared = sharedChunks(import.meta.dirname, path.resolve(import.meta.dirname, '../..'));

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
    // Every browser Urbana supports preloads modules itself; the polyfill would only add bytes to
    // every page (docs/decisions/121).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and its router change only with their versions: their own file stays cached across
              // releases (and no shared chunk below takes the router in with one of its users).
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            {
              // The app's own small modules that every public page needs travel together, one request
              // instead of a dozen (shell-chunk.ts); forms, schemas (zod), the dialog (Radix) and the map
              // stay in their own chunks, loaded by the pages that use them; a module only pages import
              // goes with them (docs/decisions/046 and 121).
              name: shared.comum,
              minShareCount: 2,
              priority: 1,
            },
            { name: shared.catalogo, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
