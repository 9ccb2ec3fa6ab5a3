// Compiles the API to one ES module, apps/api/dist/server.js, so that production runs JavaScript and
// no TypeScript compiler at start (issue #21; docs/decisions/040-compiled-start-and-honest-reads.md).
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
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
