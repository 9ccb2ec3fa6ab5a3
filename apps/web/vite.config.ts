/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.gz` (level 9) and `.br` copies of the text assets next to them, so the server sends
 * them pre-compressed instead of compressing on every request.
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
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = await readFile(file);
        if (data.length < 1024) continue;
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The production build runs on Preact's React-compatible layer: the same components, a tenth of
 * react-dom's weight on every first visit (docs/decisions/013-performance-budgets.md).
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The app's own small modules that several public pages share travel together, one
              // request instead of a dozen; forms, schemas (zod), the dialog (Radix) and the map stay in
              // their own chunks, loaded by the pages that use them.
              name: 'comum',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!dialog)|lib|features[\\/](cart|favorites|search|orders|catalog[\\/](api|index|components[\\/](?!results-map))))|node_modules[\\/]lucide-react/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
