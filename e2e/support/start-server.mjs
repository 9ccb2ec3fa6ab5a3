// Starts the API (serving the built web app) on a fresh embedded database for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-e2e-'));
const child = spawn(path.resolve('node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
