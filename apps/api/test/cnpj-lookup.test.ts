/**
 * Issue #42 item 2: the billing form fills a company from its CNPJ through a lookup speaking the
 * BrasilAPI protocol (here the project's own simulator, over HTTP), and the billing profile keeps the
 * city's IBGE code and the municipal registration that an NFS-e names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cnpjLookupMessages, httpMessages } from '@urbana/shared';
import { orders } from '../src/db/schema/index.ts';
import { startCnpjSimulator, type CnpjSimulator } from '../../../scripts/simulators/brasilapi-cnpj.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder, type Person } from './security/world.ts';

let sim: CnpjSimulator;
let ctx: TestContext;
let off: TestContext;
let empresa: Person;

beforeAll(async () => {
  sim = await startCnpjSimulator();
  ctx = await createTestApp({ config: testConfig({ ...NO_ORDER_LIMITS, CNPJ_LOOKUP_URL: `${sim.url}/` }) });
  off = await createTestApp({ database: ctx.database, config: testConfig() });
  empresa = await person(ctx, { nome: 'Rita Nova' });
});
afterAll(async () => {
  await off.app.close();
  await ctx.close();
  await sim.close();
});

const lookUp = (cnpj: string, cookie: string | null = empresa.cookie, app = ctx) =>
  inject(app, { method: 'GET', url: `/api/cnpj/${cnpj}`, cookie: cookie ?? undefined });

describe('consulta de CNPJ (protocolo BrasilAPI)', () => {
  it('preenche a empresa de um CNPJ alfanumérico digitado em minúsculas', async () => {
    const res = await lookUp('12abc34501de35');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      document: '12ABC34501DE35',
      name: 'NOVA MIDIA EXTERIOR LTDA',
      trade_name: 'NOVA MIDIA',
      status: 'ATIVA',
      phone: '6133334444',
      cep: '70070120',
      street: 'Setor Bancario Sul Quadra 2',
      number: '10',
      complement: 'Bloco e Sala 1201',
      district: 'Asa Sul',
      city: 'Brasília',
      state: 'DF',
      ibge_code: '5300108',
    });
    expect(sim.asked.at(-1)).toBe('/cnpj/v1/12ABC34501DE35');
    // A CEP given as a number, an empty number: what BrasilAPI sends for some companies.
    const numeric = (await lookUp('11222333000181')).json();
    expect(numeric).toMatchObject({
      cep: '74003010',
      number: 'S/N',
      complement: null,
      phone: null,
      city: 'Goiânia',
      ibge_code: '5208707',
    });
  });

  it('recusa um CNPJ inválido sem perguntar; diz quando não existe e quando a consulta falha', async () => {
    const asked = sim.asked.length;
    const invalid = await lookUp('12ABC34501DE36');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: cnpjLookupMessages.invalid });
    expect(sim.asked.length).toBe(asked);
    const unknown = await lookUp('11444777000161');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: cnpjLookupMessages.notFound });
    expect(sim.asked.at(-1)).toBe('/cnpj/v1/11444777000161');
    sim.failing = true;
    try {
      const down = await lookUp('12ABC34501DE35');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: cnpjLookupMessages.unavailable });
    } finally {
      sim.failing = false;
    }
  });

  it('pede uma sessão; desligada, o app diz que não há consulta e não pergunta nada', async () => {
    expect((await lookUp('12ABC34501DE35', null)).json()).toEqual({
      message: httpMessages.unauthenticated,
    });
    expect((await inject(ctx, { method: 'GET', url: '/api/config' })).json().cnpj_lookup).toBe(true);
    expect((await inject(off, { method: 'GET', url: '/api/config' })).json().cnpj_lookup).toBe(false);
    const asked = sim.asked.length;
    const res = await lookUp('12ABC34501DE35', empresa.cookie, off);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: cnpjLookupMessages.off });
    expect(sim.asked.length).toBe(asked);
  });
});

describe('perfil de faturamento com código IBGE e inscrição municipal', () => {
  const pj = {
    ...billing,
    person_type: 'pj',
    name: 'Nova Mídia Exterior Ltda.',
    document: '12.ABC.345/01DE-35',
    cep: '70070-120',
    city: 'Brasília',
    state: 'DF',
  };
  const save = (payload: object) =>
    inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: empresa.cookie, payload });

  it('guarda os dois campos, e o pedido os leva no seu cadastro', async () => {
    const res = await save({ ...pj, ibge_code: '5300108', municipal_registration: ' 07.123.456/001-8 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      ibge_code: '5300108',
      municipal_registration: '071234560018',
    });
    const productId = (await insertProduct(ctx.database, 'Painel IBGE', 10_000, 3)).id;
    const order = await placeOrder(ctx, empresa, productId, { payment_method: 'faturado' });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.billing).toMatchObject({
      document: '12ABC34501DE35',
      ibge_code: '5300108',
      municipal_registration: '071234560018',
    });
  });

  it('os dois são opcionais; um código de outro estado ou malformado é recusado com o motivo', async () => {
    const without = await save({ ...pj, ibge_code: '', municipal_registration: null });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().profile).toMatchObject({ ibge_code: null, municipal_registration: null });
    const otherState = await save({ ...pj, ibge_code: '3550308' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.body).toContain('O código IBGE não é de uma cidade do estado escolhido.');
    const short = await save({ ...pj, ibge_code: '53001' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Código IBGE inválido: são 7 dígitos.');
    const long = await save({ ...pj, municipal_registration: 'A'.repeat(16) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Use no máximo 15 letras e números na inscrição municipal.');
  });
});
