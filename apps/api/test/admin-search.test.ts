import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { emailLog, products, supportTickets, towers } from '../src/db/schema/index.ts';
import { searchWords } from '../src/db/search.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

/**
 * Issue #17 item 4: every admin list searches the same way (apps/api/src/db/search.ts): without
 * accents or case, word by word in any order. Each list holds a target ("Condomínio Monte Verde —
 * Noroeste", "Maria da Conceição") and a decoy that shares some words but not all.
 */
let ctx: TestContext;
let admin: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
const TARGET = 'Condomínio Monte Verde — Noroeste';
const DECOY = 'Monte Verde Azul Sul';

type Row = Record<string, unknown>;
/** Each list: its URL and how to tell a row of the target from one of the decoy. */
const lists: Array<{ name: string; url: string; label: (row: Row) => string }> = [
  { name: 'usuários', url: '/api/admin/usuarios', label: (r) => String(r.nome_completo) },
  { name: 'produtos', url: '/api/admin/produtos', label: (r) => String(r.name) },
  { name: 'campanhas', url: '/api/admin/campanhas', label: (r) => String(r.product) },
  { name: 'atendimentos', url: '/api/admin/support/tickets', label: (r) => String(r.subject) },
  { name: 'emails', url: '/api/admin/email-logs', label: (r) => String(r.subject) },
];

/** The same cases on every list: the query, whether the target and the decoy are found. */
const cases: Array<[string, boolean, boolean]> = [
  ['Conceicao', true, false],
  ['CONCEIÇÃO', true, false],
  ['conceição maria', true, false],
  ['Monte Verde Noroeste', true, false],
  ['noroeste CONDOMINIO', true, false],
  ['monte verde', true, true],
  ['Monte Verde — Noroeste', true, false],
  ['Noroestee', false, false],
  ['100%', false, false],
  ['Maria_da', false, false],
  // Only punctuation, or a symbol nobody's name has: nothing (they listed everyone).
  ['%', false, false],
  ['_', false, false],
  ['😀', false, false],
];

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-busca@urbana.com.br' }) });
  const a = await createUser(ctx, { tipo: 'admin', email: 'chefe-busca@urbana.com.br', nome: 'Chefe' });
  admin = await signIn(ctx, a.email, a.password);
  const db = ctx.database.db;
  // Users: the target's name carries both texts; the decoy's shares "Monte Verde".
  const maria = await createUser(ctx, {
    nome: `Maria da Conceição (${TARGET})`,
    email: 'maria@exemplo.com.br',
  });
  const joao = await createUser(ctx, { nome: DECOY, email: 'joao@exemplo.com.br' });
  // Products, and a paid order of each (campaigns) by its customer.
  const product = async (name: string, address: string) => {
    const [row] = await db
      .insert(products)
      .values({
        slug: name.toLowerCase().replace(/\W+/g, '-'),
        name,
        address,
        type: 'outdoor',
        city: 'Brasília',
        state: 'DF',
        latitude: -15.79,
        longitude: -47.88,
        daily_price: 5_000,
        is_tower_based: false,
        weekly_audience: 10_000,
      })
      .returning();
    await db.insert(towers).values({ product_id: row!.id, name: 'Face A', slots: 3 });
    return row!.id;
  };
  const target = await product(TARGET, 'Rua Maria da Conceição, 10');
  const decoy = await product(DECOY, 'Rua das Flores, 20');
  for (const [who, productId] of [
    [maria, target],
    [joao, decoy],
  ] as const) {
    const cookie = await signIn(ctx, who.email, who.password);
    await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
    const placed = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie,
      headers: { 'idempotency-key': `busca-${productId}` },
      payload: {
        items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
        payment_method: 'pix',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${placed.json().id}/confirm-payment`,
      cookie: admin,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  // Tickets and logged e-mails, written directly.
  await db.insert(supportTickets).values([
    {
      code: 'AT-BUSCA-1',
      name: 'Maria da Conceição',
      email: 'maria@exemplo.com.br',
      subject: TARGET,
      category: 'outros',
    },
    { code: 'AT-BUSCA-2', name: 'João', email: 'joao@exemplo.com.br', subject: DECOY, category: 'outros' },
  ]);
  await db.insert(emailLog).values([
    {
      to_email: 'maria@exemplo.com.br',
      subject: `${TARGET} (Maria da Conceição)`,
      template: 'teste_busca',
      body_text: '-',
      body_html: '-',
      status: 'registrado',
    },
    {
      to_email: 'joao@exemplo.com.br',
      subject: DECOY,
      template: 'teste_busca',
      body_text: '-',
      body_html: '-',
      status: 'registrado',
    },
  ]);
});
afterAll(() => ctx.close());

describe('searchWords', () => {
  it('folds accents and case and drops punctuation-only words', () => {
    expect(searchWords('  Conceição   MONTE — Verde ')).toEqual(['conceicao', 'monte', 'verde']);
    expect(searchWords('—')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    // A symbol is part of what people type in names: kept.
    expect(searchWords('Ana 😀')).toEqual(['ana', '😀']);
  });
});

describe.each(lists)('busca na lista de $name', ({ url, label }) => {
  it.each(cases)('"%s" → alvo %s, isca %s', async (q, target, decoy) => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `${url}?q=${encodeURIComponent(q)}`,
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const labels = (res.json().items as Row[]).map(label).join(' | ');
    expect(labels.includes('Noroeste'), labels).toBe(target);
    expect(labels.includes('Azul'), labels).toBe(decoy);
  });
});
