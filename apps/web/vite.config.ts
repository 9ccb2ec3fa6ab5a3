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

export default defineConfig(({ isSsrBuild }) => ({
  // The server build (src/entry-server.tsx, for apps/api) needs neither the public files nor the
  // compressed copies.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
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
              // their own chunks, loaded by the pages that use them.
              name: 'comum',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!dialog)|lib|features[\\/](cart|favorites|search|catalog[\\/](api|index|components[\\/](?!results-map))))|node_modules[\\/]lucide-react/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
