// `npm test`: every suite, in phases whose independent parts run side by side (docs/testing.md).
//   1. the machine (scripts/prepare-test-machine.mjs) — alone, it may install packages;
//   2. lint, typecheck and the web build, in parallel (none reads what another writes);
//   3. Vitest: shared, web, the API on PGlite and on the PostgreSQL server, then the fault tests;
//   4. Playwright, on the build of phase 2.
// Phases 3 and 4 stay apart: both keep the CPU busy and the browser tests have timeouts that a
// starved machine would break. Each step's time is printed, and a summary at the end.
import { spawn } from 'node:child_process';

const started = Date.now();
const timings = [];

function seconds(ms) {
  return `${(ms / 1000).toFixed(0)} s`;
}

/** Runs an npm script or a node script; `buffered` keeps its output until it ends (parallel steps). */
function run(name, command, args, { buffered = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const ms = Date.now() - t0;
      timings.push({ name, ms, ok: code === 0 });
      if (buffered) {
        process.stdout.write(`\n── ${name} (${seconds(ms)}) ──\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(
        `── ${name}: ${code === 0 ? 'ok' : `falhou (${signal ?? code})`} em ${seconds(ms)}\n`,
      );
      resolve(code === 0);
    });
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function summary() {
  process.stdout.write('\nTempos:\n');
  for (const t of timings)
    process.stdout.write(`  ${t.ok ? 'ok   ' : 'FALHA'} ${t.name.padEnd(28)} ${seconds(t.ms)}\n`);
  process.stdout.write(`  total                              ${seconds(Date.now() - started)}\n`);
}

async function phase(steps) {
  const results = await Promise.all(
    steps.map((s) => run(s.name, s.command, s.args, { buffered: steps.length > 1 })),
  );
  if (results.every(Boolean)) return;
  summary();
  process.exit(1);
}

await phase([
  { name: 'máquina de teste', command: process.execPath, args: ['scripts/prepare-test-machine.mjs'] },
]);
await phase([
  { name: 'lint', command: npm, args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'] },
  { name: 'build', command: npm, args: ['run', '--silent', 'build'] },
]);
await phase([{ name: 'vitest', command: npm, args: ['run', '--silent', 'test:unit'] }]);
await phase([{ name: 'playwright', command: 'npx', args: ['playwright', 'test'] }]);
summary();
