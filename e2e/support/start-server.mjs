// Starts the API (serving the built web app) on a fresh embedded database for the browser tests,
// with a staff account of each kind made by `npm run admin:create`, paid through the project's PSP
// simulator (issue #41), issuing NFS-e at the project's Sefin simulator (issue #42); the demo catalogue is seeded at first start as in `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPspChild } from '../../scripts/simulators/psp-pix-child.mjs';
import { startSefinChild } from '../../scripts/simulators/sefin-child.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-e2e-'));
const tsx = path.resolve('node_modules/.bin/tsx');
// Always a fresh embedded database, even when DATABASE_URL is set for the API tests (as in CI).
const env = {
  ...process.env,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
};

function run(args) {
  const result = spawnSync(tsx, args, { env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`falhou: ${args.join(' ')}`);
}
run([
  'apps/api/src/cli/admin-create.ts',
  '--email',
  env.E2E_ADMIN_EMAIL,
  '--password',
  env.E2E_STAFF_PASSWORD,
  '--nome',
  'Admin E2E',
]);
run([
  'apps/api/src/cli/admin-create.ts',
  '--operador',
  '--email',
  env.E2E_OPERADOR_EMAIL,
  '--password',
  env.E2E_STAFF_PASSWORD,
  '--nome',
  'Operador E2E',
]);
// Bookings whose period has already begun, for the campaign start/finish dialogs (staff-confirmations).
run(['e2e/support/seed-started-campaigns.ts']);

// The project's PSP simulator, started first: the API reads its certificates and registers its webhook
// when it starts.
const { child: psp, settings } = await startPspChild(env, {
  api: env.E2E_PSP_PORT,
  page: env.E2E_PSP_PAGE_PORT,
});
Object.assign(env, settings);
// The project's Sefin Nacional simulator (issue #42): a paid order's NFS-e is issued there by the
// server's fiscal worker, with the issuer's A1 certificate the simulator made for the EMPRESA_CNPJ.
// Its certificates go in the server's throw-away folder, removed with it.
const { child: sefin, settings: nfse } = await startSefinChild(
  { ...env, TMPDIR: dataDir },
  env.E2E_SEFIN_PORT,
  env.E2E_SEFIN_PAGE_PORT,
);
Object.assign(env, nfse);

const child = spawn(tsx, ['apps/api/src/server.ts'], { stdio: 'inherit', env });
const stop = (signal) => {
  child.kill(signal);
  psp.kill(signal);
  sefin.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  psp.kill('SIGTERM');
  sefin.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exitCode = code ?? 0;
});
