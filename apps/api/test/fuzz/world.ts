import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { seedCatalog, seedDemoCoupons } from '../../src/services/demo-catalog.ts';
import { LocalStorage } from '../../src/services/storage.ts';
import {
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
  billingPf,
} from '../helpers.ts';
import { FuzzEngine, routeCollector } from './engine.ts';

export interface FuzzWorld {
  ctx: TestContext;
  engine: FuzzEngine;
  close(): Promise<void>;
}

const billingFuzz = { ...billingPf, name: 'Cliente Fuzz' };
const billingPj = {
  ...billingPf,
  person_type: 'pj',
  name: 'Urbana Fuzz Ltda',
  document: '11.222.333/0001-81',
};

/**
 * The app on a fresh database (PGlite, or the PostgreSQL server with TEST_DB=pg), with a small demo
 * catalogue and coupons, a cliente and an admin signed in with billing profiles and orders of their
 * own, and another cliente's order: real ids for the fuzzer to aim at.
 */
export async function createFuzzWorld(options: { products?: number } = {}): Promise<FuzzWorld> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'urbana-fuzz-'));
  const storage = new LocalStorage(path.join(files, 'arquivos'));
  // A stand-in for the built web app, as in production: a URL that leaves /api (`/api/x/../..`) gets it.
  const webDist = path.join(files, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Urbana</title>');
  const collector = routeCollector();
  const ctx = await createTestApp({
    config: testConfig({ WEB_DIST: webDist }),
    storage,
    onRoute: collector.onRoute,
  });
  try {
    const { db } = ctx.database;
    await seedCatalog(db, storage, { products: options.products ?? 12 });
    await seedDemoCoupons(db);

    const cliente = await createUser(ctx, { nome: 'Cliente Fuzz' });
    const admin = await createUser(ctx, { tipo: 'admin', email: 'admin@urbana.com.br', nome: 'Admin Fuzz' });
    const outro = await createUser(ctx, { nome: 'Outra Pessoa' });
    const cookies = {
      cliente: await signIn(ctx, cliente.email, cliente.password),
      admin: await signIn(ctx, admin.email, admin.password),
      outro: await signIn(ctx, outro.email, outro.password),
    };
    for (const [cookie, billing] of [
      [cookies.cliente, billingFuzz],
      [cookies.admin, billingPj],
      [cookies.outro, billingFuzz],
    ] as const) {
      const res = await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billing });
      if (res.statusCode !== 200) throw new Error(`faturamento: ${res.statusCode} ${res.body}`);
    }

    const products = (
      await db.execute<{ id: string; is_tower_based: boolean }>(
        'select id::text, is_tower_based from products order by id' as never,
      )
    ).rows;
    const start = addDays(earliestBookableStart(todayInBrasilia(), ctx.config.leadBusinessDays), 21);
    const place = async (cookie: string, product: string, key: string) => {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/orders',
        cookie,
        headers: { 'idempotency-key': key },
        payload: { items: [{ product_id: product, start_date: start, weeks: 2, tower_ids: [] }] },
      });
      if (res.statusCode !== 201) throw new Error(`pedido: ${res.statusCode} ${res.body}`);
    };
    await place(cookies.cliente, products[0]!.id, 'fuzz-pedido-cliente-1');
    await place(cookies.cliente, products[1]!.id, 'fuzz-pedido-cliente-2');
    await place(cookies.admin, products[2]!.id, 'fuzz-pedido-admin-1');
    await place(cookies.outro, products[3]!.id, 'fuzz-pedido-outro-1');

    const engine = new FuzzEngine(ctx, collector.routes);
    engine.setIdentity({ name: 'anonimo' });
    engine.setIdentity({ name: 'cliente', ...cliente, cookie: cookies.cliente });
    engine.setIdentity({ name: 'admin', ...admin, cookie: cookies.admin });
    return {
      ctx,
      engine,
      close: async () => {
        await ctx.close();
        rmSync(files, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await ctx.close();
    rmSync(files, { recursive: true, force: true });
    throw error;
  }
}
