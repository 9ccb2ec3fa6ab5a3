// Compiles the API to one ES module, apps/api/dist/server.js (with dist/pglite-worker.js for the PGlite
// worker thread), so that production runs JavaScript and no TypeScript compiler at start (issue #21;
// docs/decisions/040-compiled-start-and-honest-reads.md).
// Packages stay outside the bundle and load from node_modules (the heavy ones only on first use),
// except the workspace's own @urbana/shared, which is TypeScript and is compiled in.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@urbana/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The PGlite worker thread's own module (src/db/pglite-thread.ts starts dist/pglite-worker.js) and
  // the thread's main side.
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    'pglite-worker': path.join(here, 'src/db/pglite-worker.ts'),
    // Its main side, loaded by src/db/client.ts only for the embedded database.
    'pglite-thread': path.join(here, 'src/db/pglite-thread.ts'),
    // OpenTelemetry, loaded by src/lib/tracing-hooks.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
    tracing: path.join(here, 'src/lib/tracing.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // `npm start` runs with --enable-source-maps, which keeps the map in memory: without the sources'
  // text in it (1.6 MB → 0.6 MB) the idle process is ≈ 20 MB smaller and stack traces still name the
  // TypeScript file and line (issue #21).
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
