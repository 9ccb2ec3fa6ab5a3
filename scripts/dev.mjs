// `npm run dev`: the API and the web app with hot reload. Unless PIX_PSP_URL names a PSP, the project's
// PSP simulator starts first and Urbana is pointed at it, so a developer pays an order end to end on the
// simulator's page (issue #41).
import { spawn } from 'node:child_process';
import { startPspChild } from './simulators/psp-pix-child.mjs';

const env = { ...process.env };
let psp;
if (!env.PIX_PSP_URL) {
  const started = await startPspChild(env);
  psp = started.child;
  Object.assign(env, started.settings, { PIX_WEBHOOK_SECRET: env.PIX_WEBHOOK_SECRET || 'segredo-dev' });
  console.log(`PSP Pix simulado: pague os pedidos em ${started.page}`);
}
const both = spawn(
  'npx',
  [
    'concurrently',
    '-k',
    '-n',
    'api,web',
    '-c',
    'blue,green',
    'npm run dev -w @urbana/api',
    'npm run dev -w @urbana/web',
  ],
  { stdio: 'inherit', env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => both.kill(signal));
both.on('exit', (code) => {
  psp?.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
