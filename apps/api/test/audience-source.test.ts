import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';
import { putOnSale } from './product-on-sale.ts';

/**
 * Issue #43 item 6 (decision 089): staff give a face's audience its source, method and month, the
 * product page shows them beside the audience, and a screen's CPM counts only its spot of the loop.
 */
let ctx: TestContext;
let staff = '';

const panel = {
  name: 'Painel LED Eixão Norte',
  type: 'painel_led',
  address: 'Eixo Rodoviário Norte, 102',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.78,
  longitude: -47.88,
  daily_price: 100_000,
  weekly_audience: 60_000,
  audience_source: 'Urbana',
  audience_method: 'contagem de fluxo',
  audience_month: '2026-05',
  towers: [{ name: 'Face principal', screens: 1, weekly_audience: 60_000, slots: 6 }],
};

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-aud@urbana.com.br' }) });
  const { email, password } = await createUser(ctx, { email: 'chefe-aud@urbana.com.br', tipo: 'admin' });
  staff = await signIn(ctx, email, password);
}, 180_000);
afterAll(async () => ctx?.close());

describe('audiência com fonte (issue #43 item 6)', () => {
  it('a equipe salva fonte, método e mês; a página do produto os mostra', async () => {
    const created = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: staff,
      payload: panel,
    });
    expect(created.statusCode, created.body).toBe(201);
    await putOnSale(ctx, staff, created.json().id);
    const saved = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/produtos/${created.json().id}`,
      cookie: staff,
    });
    expect(saved.json()).toMatchObject({
      audience_source: 'Urbana',
      audience_method: 'contagem de fluxo',
      audience_month: '2026-05',
    });
    const page = await inject(ctx, { method: 'GET', url: `/api/products/${created.json().slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().audience_source).toBe('contagem de fluxo, maio/2026 (fonte: Urbana)');
  });

  it('um mês fora do formato é recusado com a mensagem do campo', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: staff,
      payload: { ...panel, name: 'Painel LED Outro', audience_month: 'maio' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Informe o mês da medição como AAAA-MM.');
  });

  it('a cotação de uma tela de 6 posições dá a sexta parte da audiência e o CPM dela', async () => {
    const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 14);
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/produtos?q=Eix%C3%A3o', cookie: staff });
    const id = list.json().items[0].id;
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [{ product_id: id, tower_ids: [], start_date: start, weeks: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().items;
    expect(item.audience).toBe(10_000);
    expect(item.cpm).toBe(Math.round((item.total * 1000) / 10_000));
  });
});
