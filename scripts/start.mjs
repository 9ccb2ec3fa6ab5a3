// npm start: build the web app when it has not been built (or its sources changed), then run the API,
// which serves it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'packages/shared/src'].map((d) => path.join(root, d));
const stale = !existsSync(dist) || Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs;
if (stale) {
  process.stdout.write('Compilando o aplicativo web…\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@urbana/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, [path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
