/**
 * Real parts for the fault tests: the API as a child process (as `npm start` runs it), fresh
 * databases on the PostgreSQL server, a private PostgreSQL cluster, nginx, and cleanup that runs even
 * when a test fails. A missing binary fails with a clear message; nothing is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { billingProfiles } from '../src/db/schema/index.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { upsertConfirmedAccount } from '../src/services/accounts.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSX = path.join(repoRoot, 'node_modules/.bin/tsx');
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const NGINX = '/usr/sbin/nginx';
/** The PostgreSQL server where fresh databases are made (as the API tests: DATABASE_URL). */
export const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export function requireExecutable(file: string, install: string): void {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(`${file} não encontrado: este teste de falha precisa dele (${install}).`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `urbana-${prefix}-`));
}

/** Undo steps, run last-in first-out in afterAll; every step runs even if another fails. */
export class Cleanup {
  private readonly steps: Array<{ name: string; run: () => unknown }> = [];

  add(name: string, run: () => unknown): void {
    this.steps.push({ name, run });
  }

  async run(): Promise<void> {
    const failures: string[] = [];
    while (this.steps.length > 0) {
      const step = this.steps.pop()!;
      try {
        await step.run();
      } catch (error) {
        failures.push(`${step.name}: ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(`limpeza incompleta: ${failures.join('; ')}`);
  }
}

// Last resort if the test process itself goes away: no API, nginx or cluster is left behind.
const groupsToKill = new Set<number>();
const clustersToStop = new Set<string>();
process.once('exit', () => {
  for (const pid of groupsToKill) killGroup(pid, 'SIGKILL');
  for (const dataDir of clustersToStop)
    spawnSync('runuser', [
      '-u',
      'postgres',
      '--',
      `${PG_BIN}/pg_ctl`,
      '-D',
      dataDir,
      'stop',
      '-m',
      'immediate',
    ]);
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** A child process in its own process group (tsx runs the server in a grandchild). */
export class Managed {
  private output = '';
  readonly exited: Promise<number | null>;
  private done = false;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    groupsToKill.add(child.pid!);
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code) => {
        this.done = true;
        // tsx's child may outlive it after a kill of the parent only: take the whole group down.
        killGroup(child.pid!, 'SIGKILL');
        groupsToKill.delete(child.pid!);
        resolve(code);
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return !this.done;
  }

  logs(): string {
    return this.output;
  }

  /** SIGKILL to the whole group: no handler runs, nothing is flushed. */
  async kill(): Promise<void> {
    if (this.done) return;
    killGroup(this.pid, 'SIGKILL');
    await this.exited;
  }

  /** SIGTERM (graceful), then SIGKILL after timeoutMs. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (this.done) return;
    killGroup(this.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(this.pid, 'SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export function spawnManaged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Managed {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Managed(name, child);
}

export interface ApiProcess extends Managed {
  url: string;
  port: number;
}

/** Environment of the API as e2e/support/start-server.mjs gives it, on the given database. */
export function apiEnv(options: {
  port: number;
  publicUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    SEED_CATALOG: 'true',
    PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${options.port}`,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    WEB_DIST: path.join(options.dataDir, 'sem-web'),
    ...options.extra,
  };
}

/** Starts `tsx apps/api/src/server.ts` and waits until /api/health answers 200. */
export async function startApi(
  name: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<ApiProcess> {
  const port = Number(env.PORT);
  const url = `http://127.0.0.1:${port}`;
  const api = spawnManaged(name, TSX, ['apps/api/src/server.ts'], env) as ApiProcess;
  Object.assign(api, { url, port });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!api.running) throw new Error(`${name} terminou ao iniciar:\n${api.logs()}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return api;
    if (Date.now() > deadline) {
      await api.kill();
      throw new Error(`${name} não respondeu em ${timeoutMs} ms:\n${api.logs()}`);
    }
    await sleep(200);
  }
}

/** A fresh database on the PostgreSQL server (127.0.0.1:5432); drop() removes it. */
export async function serverDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `urbana_falha_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL em ${SERVER_URL} indisponível (${(error as Error).message}): inicie o servidor (.ci/run o inicia).`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs a PostgreSQL binary as the postgres user (they refuse to run as root), without blocking. */
function asPostgres(args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${what} falhou (${code}): ${output}`)),
    );
  });
}

/** A private PostgreSQL 15 cluster in a temporary folder, on a free port. */
export class PrivateCluster {
  readonly dir: string;
  readonly dataDir: string;
  readonly url: string;

  private constructor(readonly port: number) {
    this.dir = tempDir('pg');
    this.dataDir = path.join(this.dir, 'data');
    this.url = `postgres://postgres@127.0.0.1:${port}/urbana`;
  }

  static async create(): Promise<PrivateCluster> {
    requireExecutable(`${PG_BIN}/initdb`, 'apt-get install -y postgresql-15');
    const cluster = new PrivateCluster(await freePort());
    try {
      await cluster.init();
    } catch (error) {
      cluster.destroy();
      throw error;
    }
    return cluster;
  }

  private async init(): Promise<void> {
    const id = (flag: string) => {
      const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error('o usuário postgres não existe: instale o PostgreSQL 15');
      return Number(result.stdout.trim());
    };
    const [uid, gid] = [id('-u'), id('-g')];
    chownSync(this.dir, uid, gid);
    await asPostgres(
      [`${PG_BIN}/initdb`, '-D', this.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
      'initdb',
    );
    clustersToStop.add(this.dataDir);
    await this.start();
    const admin = new pg.Client({ connectionString: this.url.replace(/\/urbana$/, '/postgres') });
    await admin.connect();
    await admin.query('create database urbana');
    await admin.end();
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=60`;
    await asPostgres(
      [
        `${PG_BIN}/pg_ctl`,
        '-D',
        this.dataDir,
        '-l',
        path.join(this.dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        options,
        'start',
      ],
      'pg_ctl start',
    );
  }

  /** `pg_ctl stop -m fast`: open connections are terminated. */
  async stop(): Promise<void> {
    await asPostgres(
      [`${PG_BIN}/pg_ctl`, '-D', this.dataDir, '-w', '-t', '60', 'stop', '-m', 'fast'],
      'pg_ctl stop',
    );
  }

  destroy(): void {
    spawnSync(
      'runuser',
      ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', this.dataDir, 'stop', '-m', 'immediate'],
      {
        encoding: 'utf8',
      },
    );
    clustersToStop.delete(this.dataDir);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * nginx in front of the given API ports, with the shipped sample docs/deploy/nginx.conf (its upstream
 * servers and listen address swapped for the test's) inside a main file that keeps everything in a
 * temporary folder.
 */
export async function startNginx(
  port: number,
  upstreams: number[],
): Promise<{ url: string; port: number; proc: Managed; dir: string; destroy(): Promise<void> }> {
  requireExecutable(NGINX, 'apt-get install -y nginx-light');
  const sample = readFileSync(path.join(repoRoot, 'docs/deploy/nginx.conf'), 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const site = sample
    .replace(/upstream urbana \{[^}]*?keepalive/, `upstream urbana {\n${servers}\n    keepalive`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  if (!site.includes(`server 127.0.0.1:${upstreams[0]};`) || !site.includes(`listen 127.0.0.1:${port};`))
    throw new Error('docs/deploy/nginx.conf mudou de forma: ajuste startNginx');
  const dir = tempDir('nginx');
  // The worker process (nobody) creates its temp folders here.
  chmodSync(dir, 0o755);
  const conf = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const test = spawnSync(NGINX, ['-t', '-c', file, '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t falhou: ${test.stderr}`);
  const proc = spawnManaged('nginx', NGINX, ['-c', file, '-p', dir], { PATH: process.env.PATH });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (!proc.running) throw new Error(`nginx terminou ao iniciar: ${proc.logs()}`);
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then(() => true)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx não respondeu: ${proc.logs()}`);
    await sleep(100);
  }
  return {
    url,
    port,
    proc,
    dir,
    destroy: async () => {
      await proc.stop(5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the database (PGlite folder or server), runs migrations and fn, and closes it. */
export async function withDatabase<T>(
  where: { url?: string | undefined; dataDir?: string | undefined },
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    where.url ? { url: where.url, poolMax: 4 } : { dataDir: path.join(where.dataDir!, 'pglite') },
  );
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

export const PASSWORD = 'Falha-Controlada-2026';

export const billing = {
  person_type: 'pf' as const,
  name: 'Cliente de Teste',
  document: '52998224725',
  phone: '61999990000',
  cep: '70040010',
  street: 'SBS Quadra 2',
  number: '10',
  district: 'Asa Sul',
  city: 'Brasília',
  state: 'DF',
};

/** Confirmed customer accounts with a billing profile (what a real customer has before checkout). */
export async function createCustomers(database: Database, n: number, label: string) {
  const customers: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < n; i++) {
    const email = `${label}-${i}-${randomBytes(3).toString('hex')}@exemplo.com.br`;
    const user = await upsertConfirmedAccount(database.db, {
      email,
      password: PASSWORD,
      nome_completo: `Cliente ${i}`,
      tipo_usuario: 'cliente',
    });
    await database.db.insert(billingProfiles).values({ user_id: user.id, ...billing });
    customers.push({ id: user.id, email });
  }
  return customers;
}

export interface HttpResult {
  status: number;
  body: unknown;
  headers: Headers;
}

/** fetch with a JSON body, the Origin of PUBLIC_URL for writes, and a time limit. */
export async function http(
  url: string,
  options: {
    method?: string;
    cookie?: string | undefined;
    body?: unknown;
    origin?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: res.status, body, headers: res.headers };
}

export function sessionCookie(result: HttpResult): string {
  const cookie = result.headers
    .getSetCookie()
    .find((c) => c.startsWith('urbana_sessao=') && !c.startsWith('urbana_sessao=;'));
  if (!cookie) throw new Error(`sem cookie de sessão: ${result.status} ${JSON.stringify(result.body)}`);
  return cookie.split(';')[0]!;
}

export async function signInAt(base: string, email: string, origin = base): Promise<string> {
  const res = await http(`${base}/api/auth/sign-in`, {
    method: 'POST',
    origin,
    body: { email, password: PASSWORD },
  });
  if (res.status !== 200) throw new Error(`entrada falhou: ${res.status} ${JSON.stringify(res.body)}`);
  return sessionCookie(res);
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.x): a distinct client IP as nginx and the
 * API see it.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        localAddress,
        headers: {
          ...options.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON.
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sem resposta de ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}
