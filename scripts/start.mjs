// npm start: build the web app and compile the API when they have not been built (or their sources
// changed), then run the compiled API, which serves the web app. Production runs JavaScript, no
// TypeScript compiler at start (docs/decisions/040-compiled-start-and-honest-reads.md).
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

const stale = (output, folders) =>
  !existsSync(output) ||
  Math.max(...folders.map((d) => newestMtime(path.join(root, d)))) > statSync(output).mtimeMs;

if (stale(dist, ['apps/web/src', 'packages/shared/src'])) {
  process.stdout.write('Compilando o aplicativo web…\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@urbana/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = path.join(root, 'apps/api/dist/server.js');
if (stale(api, ['apps/api/src', 'packages/shared/src'])) {
  process.stdout.write('Compilando a API…\n');
  const build = spawnSync(process.execPath, [path.join(root, 'apps/api/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', api], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
