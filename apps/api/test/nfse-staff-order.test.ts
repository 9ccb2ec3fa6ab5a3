/**
 * Issue #42: the NFS-e on the staff's order page (/admin/pedidos/{id}), against the project's Sefin
 * simulator over mTLS. An unpaid order has none; a paid one shows it in emission, then issued with
 * its number, access key, verification link and the staff's XML/DANFSe downloads; a refusal shows the
 * Sefin's message and offers "Tentar de novo" (the fiscal queue's action, by the document's id); a
 * cancelled order shows the NFS-e cancelled, with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { startSefinSimulator, type SefinSimulator } from '../../../scripts/simulators/sefin-nacional.ts';
import { processFiscalQueue } from '../src/services/fiscal/nfse-worker.ts';
import { makeFiscalCerts, type FiscalCerts } from './fiscal-certs.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { payOrder } from './pay-order.ts';
import { billing, insertProduct, person, placeOrder, type Person } from './security/world.ts';

let certs: FiscalCerts;
let sim: SefinSimulator;
let ctx: TestContext;
let empresa: Person;
let operador: Person;
let productId: string;

beforeAll(async () => {
  certs = makeFiscalCerts();
  sim = await startSefinSimulator({ key: certs.serverKeyPem, cert: certs.serverCertPem, ca: certs.caPem });
  ctx = await createTestApp({
    config: testConfig({
      ...NO_ORDER_LIMITS,

      NFSE_URL: sim.url,
      NFSE_CERT_PFX: certs.clientPfxPath,
      NFSE_CERT_PASSWORD: certs.clientPassword,
      NFSE_CA: `${certs.dir}/ca.crt`,
      NFSE_SERIE: '3',
      NFSE_ALIQUOTA_ISS: '5',
      EMPRESA_CNPJ: '11.222.333/0001-81',
      EMPRESA_RAZAO_SOCIAL: 'Urbana Mídia Exterior Ltda.',
      EMPRESA_MUNICIPIO_IBGE: '5300108',
      EMPRESA_REGIME: 'real',
    }),
  });
  empresa = await person(ctx, { nome: 'Praça Mídia' });
  operador = await person(ctx, { tipo: 'operador', email: 'pedidos-fiscal@urbana.com.br' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: empresa.cookie,
    payload: {
      ...billing,
      person_type: 'pj',
      name: 'Praça Mídia Exterior Ltda.',
      document: '12.ABC.345/01DE-35',
      ibge_code: '5300108',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  productId = (await insertProduct(ctx.database, 'Empena Setor Comercial Sul', 12_000, 600)).id;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  certs?.cleanup();
});

const run = () => processFiscalQueue(ctx.app.deps, { timeoutMs: 2000 });
const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: operador.cookie, ...(payload ? { payload } : {}) });
const nfseOnPage = async (orderId: string) => {
  const res = await staff('GET', `/api/admin/pedidos/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().nfse;
};

describe('NFS-e na página do pedido da equipe', () => {
  it('sem pagamento não há NFS-e; pago, aparece em emissão e depois emitida, com número, chave e arquivos', async () => {
    const order = await placeOrder(ctx, empresa, productId);
    expect(await nfseOnPage(order.id)).toBeNull();
    const none = await staff('GET', `/api/admin/pedidos/${order.id}/nfse.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Este pedido ainda não tem NFS-e emitida.');

    await payOrder(ctx, order.id);
    expect(await nfseOnPage(order.id)).toMatchObject({
      status: 'pendente',
      status_label: 'Em emissão',
      series: '3',
      chave_acesso: null,
      nfse_number: null,
      can_retry: false,
    });

    await run();
    const nfse = await nfseOnPage(order.id);
    expect(nfse).toMatchObject({
      status: 'emitida',
      status_label: 'Emitida',
      nfse_number: expect.stringMatching(/^\d+$/),
      messages: [],
      can_retry: false,
      cancel_state: null,
      cancel_reason: null,
    });
    expect(nfse.chave_acesso).toMatch(/^\d{50}$/);
    expect(nfse.verification_url).toContain(nfse.chave_acesso);
    expect(nfse.issued_at).not.toBeNull();

    const xml = await staff('GET', `/api/admin/pedidos/${order.id}/nfse.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(`<infNFSe Id="NFS${nfse.chave_acesso}">`);
    expect(xml.body).toContain(`<nNFSe>${nfse.nfse_number}</nNFSe>`);
    const pdf = await staff('GET', `/api/admin/pedidos/${order.id}/nfse.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('DANFSe');
    expect(text.replace(/\s/g, '')).toContain(nfse.chave_acesso);
    // The staff's downloads are staff's: the customer uses /api/orders/{id}/nfse.*.
    const customer = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/pedidos/${order.id}/nfse.xml`,
      cookie: empresa.cookie,
    });
    expect(customer.statusCode).toBe(403);
  });

  it('recusada: a mensagem da Sefin e "Tentar de novo" pela fila fiscal, que a emite', async () => {
    sim.refuseNext.push([
      { codigo: 'E0312', descricao: 'Inscrição municipal do tomador não cadastrada no município.' },
    ]);
    const order = await placeOrder(ctx, empresa, productId);
    await payOrder(ctx, order.id);
    await run();
    const refused = await nfseOnPage(order.id);
    expect(refused).toMatchObject({
      status: 'recusada',
      status_label: 'Recusada pela Sefin',
      can_retry: true,
      chave_acesso: null,
      messages: [
        { codigo: 'E0312', descricao: 'Inscrição municipal do tomador não cadastrada no município.' },
      ],
    });
    // The id is the fiscal queue's: its "Tentar de novo" takes it.
    const queue = await staff('GET', '/api/admin/fiscal?status=recusada');
    const line = queue.json().items.find((i: { order_id: string }) => i.order_id === order.id);
    expect(line.id).toBe(refused.id);
    const retry = await staff('POST', `/api/admin/fiscal/${refused.id}/tentar-de-novo`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await nfseOnPage(order.id)).toMatchObject({ status: 'pendente', can_retry: false });
    await run();
    expect(await nfseOnPage(order.id)).toMatchObject({
      status: 'emitida',
      number: refused.number,
      id_dps: refused.id_dps,
    });
  });

  it('cancelar o pedido: o cancelamento em andamento, depois a NFS-e cancelada com o motivo', async () => {
    const order = await placeOrder(ctx, empresa, productId);
    await payOrder(ctx, order.id);
    await run();
    const cancelled = await staff('POST', `/api/admin/pedidos/${order.id}/cancelar`, {
      motivo: 'Cliente desistiu da campanha',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().nfse).toMatchObject({
      status: 'emitida',
      cancel_state: 'pendente',
      cancel_state_label: 'Cancelamento em andamento',
    });
    await run();
    const nfse = await nfseOnPage(order.id);
    expect(nfse).toMatchObject({
      status: 'cancelada',
      status_label: 'Cancelada',
      cancel_state: null,
      // The event's xMotivo, as sent to the Sefin.
      cancel_reason: expect.stringContaining('Cliente desistiu da campanha'),
    });
    // The cancelled NFS-e can still be downloaded, and its DANFSe says it was cancelled.
    const pdf = await staff('GET', `/api/admin/pedidos/${order.id}/nfse.pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text.toUpperCase()).toContain('CANCELADA');
  });
});
