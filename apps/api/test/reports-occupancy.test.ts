import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { resolveOccupancyRange } from '../src/services/admin-reports.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';
import { insertProduct } from './security/world.ts';

/** Issue #17 item 6: occupancy looks forward, from today to 12 weeks ahead, apart from the sales period. */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-ocup@urbana.com.br' }) });
  const a = await createUser(ctx, { tipo: 'admin', email: 'chefe-ocup@urbana.com.br' });
  admin = await signIn(ctx, a.email, a.password);
});
afterAll(() => ctx.close());

describe('ocupação no relatório', () => {
  it('por padrão vai de hoje (Brasília) até 12 semanas à frente', () => {
    // 02:30 UTC on 24/11 is still 23/11 in Brasília.
    expect(resolveOccupancyRange(undefined, undefined, new Date('2026-11-24T02:30:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2027-02-14',
    });
    expect(resolveOccupancyRange('2026-12-01', undefined, new Date('2026-11-24T12:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2027-02-22',
    });
  });

  it('a API usa as próximas semanas para a ocupação e os últimos 30 dias para as vendas', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const res = await inject(ctx, { method: 'GET', url: '/api/admin/relatorios', cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.occupancy_range.from).toBe(today);
    const days =
      (Date.parse(body.occupancy_range.to) - Date.parse(body.occupancy_range.from)) / 86_400_000 + 1;
    expect(days).toBe(84);
    expect(body.range.to).toBe(today);

    const chosen = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/relatorios?ocupacao_de=2027-01-04&ocupacao_ate=2027-01-31&from=2026-10-01&to=2026-10-31',
      cookie: admin,
    });
    expect(chosen.json()).toMatchObject({
      occupancy_range: { from: '2027-01-04', to: '2027-01-31' },
      range: { from: '2026-10-01', to: '2026-10-31' },
    });
    const bad = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/relatorios?ocupacao_de=2027-02-01&ocupacao_ate=2027-01-01',
      cookie: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A data final precisa ser igual ou posterior à inicial.');
  });

  it('semanas bloqueadas para manutenção não contam como ocupação', async () => {
    const face = await insertProduct(ctx.database, 'Painel em manutenção', 10_000, 6);
    const start = earliestBookableStart(todayInBrasilia(), 2);
    const block = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: admin,
      payload: { tower_ids: [face.towerId], start_date: start, weeks: 2, reason: 'Manutenção' },
    });
    expect(block.statusCode, block.body).toBe(201);
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/relatorios?ocupacao_de=${start}&ocupacao_ate=${addDays(start, 13)}`,
      cookie: admin,
    });
    const row = res.json().ocupacao.find((r: { tower_id: string }) => r.tower_id === face.towerId);
    expect(row).toMatchObject({ booked: 0, capacity: 6 * 14 });
  });
});
