// First step of `npm test`: makes sure this machine has what the suites need — Debian's Chromium
// (Playwright), nginx and the PostgreSQL 15 binaries (fault tests), promtool (Debian's prometheus), a Redis server and the PostgreSQL
// server on 127.0.0.1:5432 (or DATABASE_URL / REDIS_URL). As root with apt-get it installs and starts
// what is missing; otherwise it stops at once and prints the one command that does. `.ci/run` relies
// on it (README.md, "Test").
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';

const PACKAGES = {
  chromium: { check: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  nginx: { check: () => existsSync('/usr/sbin/nginx'), pkg: 'nginx-light' },
  redis: { check: () => onPath('redis-server'), pkg: 'redis-server' },
  postgresql: { check: () => pgVersions().length > 0, pkg: 'postgresql' },
  // promtool checks /metrics and the alert rules (apps/api/test/metrics.test.ts, alert-rules.test.ts).
  prometheus: { check: () => onPath('promtool'), pkg: 'prometheus' },
};

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function pgVersions() {
  return existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function endpoint(url, fallbackPort) {
  if (!url) return { host: '127.0.0.1', port: fallbackPort };
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || fallbackPort) };
}

async function waitFor(host, port, seconds) {
  for (let i = 0; i < seconds * 5; i += 1) {
    if (await reachable(host, port)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const canInstall = process.getuid?.() === 0 && onPath('apt-get');
const prepareCommand = 'sudo node scripts/prepare-test-machine.mjs';

function stop(reason) {
  process.stderr.write(
    `\nFalta preparar esta máquina para os testes: ${reason}\nRode uma vez: ${prepareCommand}\n\n`,
  );
  process.exit(1);
}

const missing = Object.values(PACKAGES).filter((p) => !p.check());
if (missing.length > 0) {
  const pkgs = missing.map((p) => p.pkg);
  if (!canInstall) stop(`pacotes ausentes (${pkgs.join(', ')}).`);
  process.stdout.write(`Instalando ${pkgs.join(' ')}…\n`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (pkgs.includes('postgresql')) trustLoopback();
}

/**
 * A PostgreSQL installed here for the tests: the suites connect as `postgres` without a password on
 * the loopback (as `.ci/run`'s DATABASE_URL does), into the database `test`.
 */
function trustLoopback() {
  const version = pgVersions().at(-1);
  const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const rules = '# urbana tests\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n';
  const current = readFileSync(hba, 'utf8');
  if (!current.includes('# urbana tests')) writeFileSync(hba, rules + current);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
    stdio: 'inherit',
  });
  spawnSync('su', ['postgres', '-c', 'createdb test'], { stdio: 'ignore' });
}

const redis = endpoint(process.env.REDIS_URL, 6379);
if (!(await reachable(redis.host, redis.port))) {
  if (!canInstall || process.env.REDIS_URL) stop(`o Redis não responde em ${redis.host}:${redis.port}.`);
  process.stdout.write('Iniciando o Redis…\n');
  execFileSync('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  if (!(await waitFor(redis.host, redis.port, 10))) stop('o Redis não subiu.');
}

const pg = endpoint(process.env.DATABASE_URL, 5432);
if (!(await reachable(pg.host, pg.port))) {
  if (!canInstall || process.env.DATABASE_URL) stop(`o PostgreSQL não responde em ${pg.host}:${pg.port}.`);
  const version = pgVersions().at(-1);
  process.stdout.write(`Iniciando o PostgreSQL ${version}…\n`);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
    stdio: 'inherit',
  });
  if (!(await waitFor(pg.host, pg.port, 30))) stop('o PostgreSQL não subiu.');
}
