import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { upsertConfirmedAccount } from '../src/services/accounts.ts';
import { emailLog } from '../src/db/schema/index.ts';
import { personBilling } from '@urbana/shared/samples';
import { migratedSnapshot, migratedTemplate } from './migrated-databases.ts';
import { desc, eq } from 'drizzle-orm';

export const testDriver = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

/**
 * A clean database for one test file: an in-memory PGlite, or a fresh database on the PostgreSQL
 * server named by DATABASE_URL (dropped afterwards). `pgliteWorker`: PGlite on a worker thread, as in
 * production (decision 048).
 */
export async function createTestDatabase(
  options: { pgliteWorker?: boolean } = {},
): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (testDriver === 'pglite') {
    const database = await openDatabase(
      options.pgliteWorker
        ? { dataDir: 'memory://', pgliteWorker: true }
        : { dataDir: 'memory://', loadDataDir: await migratedSnapshot() },
    );
    // Nothing to do when the database came from the migrated snapshot (the journal is applied).
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=pg precisa de DATABASE_URL');
  const name = `urbana_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin, serverUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 20 });
  // Nothing to do when the database came from the migrated template (the journal is applied).
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Settings that take the limits on unpaid orders out of the way of tests about something else. */
export const NO_ORDER_LIMITS = {
  ORDER_UNPAID_MAX_PER_ACCOUNT: '100000',
  ORDER_UNPAID_MAX_FACE_WEEKS: '100000000',
  ORDER_UNPAID_MAX_PER_IP: '100000',
  ORDER_RATE_MAX: '100000',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent-web-dist',
    // Admins of other tests sign in with a password alone; two-factor.test.ts turns the rule on.
    ADMIN_TWO_FACTOR_REQUIRED: 'false',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'database'>> & {
    env?: Record<string, string>;
    database?: Database;
  } = {},
): Promise<TestContext> {
  const owned = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? owned!;
  const config = options.config ?? testConfig(options.env);
  const app = await buildApp({ ...options, config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await owned?.drop();
    },
  };
}

/** A valid individual's (PF) billing profile, as the checkout forms send it. */
export const billingPf = personBilling('Ana Souza');

let ipCounter = 0;
/** A fresh client IP for each caller, so that per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function cookieFrom(response: { headers: Record<string, unknown> }): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = list.find((c: string) => c.includes('urbana_sessao=') && !c.includes('urbana_sessao=;'));
  return found?.split(';')[0];
}

export async function createUser(
  ctx: TestContext,
  input: { email?: string; password?: string; tipo?: 'cliente' | 'operador' | 'admin'; nome?: string } = {},
) {
  const email = input.email ?? `user-${randomBytes(4).toString('hex')}@exemplo.com.br`;
  const password = input.password ?? 'Urb@na-teste-2026';
  const user = await upsertConfirmedAccount(ctx.database.db, {
    email,
    password,
    nome_completo: input.nome ?? 'Pessoa de Teste',
    tipo_usuario: input.tipo ?? 'cliente',
  });
  return { user, email, password };
}

export async function signIn(ctx: TestContext, email: string, password: string, ip = nextIp()) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in falhou: ${response.statusCode} ${response.body}`);
  return cookieFrom(response)!;
}

export async function inject(ctx: TestContext, options: InjectOptions & { cookie?: string | undefined }) {
  const { cookie, ...rest } = options;
  return ctx.app.inject({
    remoteAddress: nextIp(),
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) },
  });
}

/** The newest e-mail to this address in the outbox. */
export async function lastEmailTo(ctx: TestContext, to: string) {
  const [row] = await ctx.database.db
    .select()
    .from(emailLog)
    .where(eq(emailLog.to_email, to))
    .orderBy(desc(emailLog.created_at))
    .limit(1);
  return row;
}

export function linkToken(text: string, pathPart: string): string {
  const match = new RegExp(`${pathPart}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`link ${pathPart} não encontrado no email`);
  return match[1];
}
