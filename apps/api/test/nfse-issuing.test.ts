/**
 * Issue #42: a paid order's NFS-e, end to end against the project's Sefin simulator over mTLS. One DPS
 * per paid order, numbered in its series, structurally sound and signed; a buyer with an alphanumeric
 * CNPJ on it; a refusal leaves the order paid and the NFS-e refused in the fiscal queue until staff
 * try again; an answer lost to a timeout is asked about, never sent again; a cancelled order sends
 * the cancellation event e101101 within the window, and asks for a substitution past it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { startSefinSimulator, type SefinSimulator } from '../../../scripts/simulators/sefin-nacional.ts';
import { emailLog, fiscalDocuments, orders } from '../src/db/schema/index.ts';
import { loadA1Certificate } from '../src/services/fiscal/a1-certificate.ts';
import { checkDps } from '../src/services/fiscal/dps-check.ts';
import { processFiscalQueue } from '../src/services/fiscal/nfse-worker.ts';
import { verifyDps } from '../src/services/fiscal/sign.ts';
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
      NFSE_SERIE: '7',
      NFSE_ALIQUOTA_ISS: '5',
      EMPRESA_CNPJ: '11.222.333/0001-81',
      EMPRESA_RAZAO_SOCIAL: 'Urbana Mídia Exterior Ltda.',
      EMPRESA_MUNICIPIO_IBGE: '5300108',
      EMPRESA_REGIME: 'real',
    }),
  });
  empresa = await person(ctx, { nome: 'Nova Mídia' });
  operador = await person(ctx, { tipo: 'operador', email: 'fiscal@urbana.com.br' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: empresa.cookie,
    payload: {
      ...billing,
      person_type: 'pj',
      name: 'Nova Mídia Exterior Ltda.',
      document: '12.ABC.345/01DE-35',
      ibge_code: '5300108',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  productId = (await insertProduct(ctx.database, 'Outdoor Eixo Monumental', 10_000, 500)).id;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  certs?.cleanup();
});

const run = (options: { timeoutMs?: number; now?: Date } = {}) =>
  processFiscalQueue(ctx.app.deps, { timeoutMs: 2000, ...options });
const docOf = async (orderId: string) =>
  (await ctx.database.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.order_id, orderId)))[0]!;
const posts = (idDps: string) =>
  sim.received.filter((r) => r.method === 'POST' && r.path === '/nfse' && r.xml?.includes(`Id="${idDps}"`));
const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: operador.cookie, ...(payload ? { payload } : {}) });

async function paidOrder() {
  const order = await placeOrder(ctx, empresa, productId);
  await payOrder(ctx, order.id);
  return order;
}

describe('NFS-e de um pedido pago', () => {
  it('um pedido pago dá exatamente uma DPS, verificada, assinada, com o CNPJ alfanumérico do tomador', async () => {
    const order = await paidOrder();
    const queued = await docOf(order.id);
    expect(queued).toMatchObject({ status: 'pendente', series: '7', attempts: 0 });
    expect(queued.id_dps).toMatch(/^DPS5300108211222333000181000070{14}\d$/);

    await run();
    const doc = await docOf(order.id);
    expect(doc.status).toBe('emitida');
    const sent = posts(doc.id_dps!);
    expect(sent).toHaveLength(1);
    const xml = sent[0]!.xml!;
    expect(checkDps(xml)).toEqual([]);
    const signature = verifyDps(xml);
    expect(signature).toMatchObject({ valid: true, problems: [] });
    // Signed with the issuer's A1 certificate, the one NFSE_CERT_PFX names.
    const pem = (value: string) => value.replace(/-----[^-]+-----|\s/g, '');
    expect(pem(signature.certificatePem!)).toBe(
      pem(loadA1Certificate(certs.clientPfx, certs.clientPassword).certificatePem),
    );
    expect(xml).toContain('<toma><CNPJ>12ABC34501DE35</CNPJ><xNome>Nova Mídia Exterior Ltda.</xNome>');
    expect(xml).toContain(`<nDPS>${doc.number}</nDPS>`);
    expect(doc.chave_acesso).toMatch(/^\d{50}$/);
    expect(doc.nfse_xml).toContain(`<infNFSe Id="NFS${doc.chave_acesso}">`);
    const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('pago');

    // A second run sends nothing more.
    await run();
    expect(posts(doc.id_dps!)).toHaveLength(1);

    // The customer is told, sees it on the order and downloads the XML and the DANFSe.
    const mails = await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, empresa.email));
    expect(mails.some((m) => m.template === 'nfse_emitida' && m.body_text.includes(doc.chave_acesso!))).toBe(
      true,
    );
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
      cookie: empresa.cookie,
    });
    expect(detail.json().nfse).toMatchObject({ status: 'emitida', chave_acesso: doc.chave_acesso });
    const xmlRes = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}/nfse.xml`,
      cookie: empresa.cookie,
    });
    expect(xmlRes.statusCode).toBe(200);
    expect(xmlRes.body).toBe(doc.nfse_xml);
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}/nfse.pdf`,
      cookie: empresa.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('DANFSe');
    expect(text.replace(/\s/g, '')).toContain(doc.chave_acesso);
    expect(text).toContain('12.ABC.345/01DE-35');
    expect(text).toContain('nfse.gov.br');
    // The invoice lists it, and its PDF names it and says it is no fiscal document itself.
    const invoices = await inject(ctx, { method: 'GET', url: '/api/invoices', cookie: empresa.cookie });
    const invoice = invoices.json().items.find((i: { order_id: string }) => i.order_id === order.id);
    expect(invoice.nfse).toMatchObject({ status: 'emitida', chave_acesso: doc.chave_acesso });
    const fatura = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      cookie: empresa.cookie,
    });
    const faturaText = (
      await extractText(await getDocumentProxy(new Uint8Array(fatura.rawPayload)), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(faturaText).toContain('não é documento fiscal');
    expect(faturaText.replace(/\s/g, '')).toContain(doc.chave_acesso);
    const other = await person(ctx);
    const stranger = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}/nfse.pdf`,
      cookie: other.cookie,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('a Sefin recusa: o pedido segue pago, a NFS-e fica recusada na fila com a mensagem, e a equipe tenta de novo', async () => {
    sim.refuseNext.push([
      { codigo: 'E0312', descricao: 'Inscrição municipal do tomador não cadastrada no município.' },
    ]);
    const order = await paidOrder();
    await run();
    const refused = await docOf(order.id);
    expect(refused.status).toBe('recusada');
    expect(refused.messages).toEqual([
      { codigo: 'E0312', descricao: 'Inscrição municipal do tomador não cadastrada no município.' },
    ]);
    const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('pago');

    const queue = await staff('GET', '/api/admin/fiscal?status=recusada');
    expect(queue.statusCode).toBe(200);
    const line = queue.json().items.find((i: { order_id: string }) => i.order_id === order.id);
    expect(line).toMatchObject({
      status_label: 'Recusada pela Sefin',
      can_retry: true,
      messages: [{ codigo: 'E0312' }],
    });
    const customer = await inject(ctx, { method: 'GET', url: '/api/admin/fiscal', cookie: empresa.cookie });
    expect(customer.statusCode).toBe(403);

    const retry = await staff('POST', `/api/admin/fiscal/${refused.id}/tentar-de-novo`);
    expect(retry.statusCode, retry.body).toBe(200);
    await run();
    const issued = await docOf(order.id);
    expect(issued).toMatchObject({ status: 'emitida', number: refused.number, id_dps: refused.id_dps });
    // Sent twice in all: the refused one (which never became an NFS-e) and the accepted one.
    expect(posts(issued.id_dps!)).toHaveLength(2);
    const again = await staff('POST', `/api/admin/fiscal/${refused.id}/tentar-de-novo`);
    expect(again.statusCode).toBe(409);
  });

  it('uma resposta perdida por tempo esgotado: a nova tentativa pergunta à Sefin e não reenvia a DPS', async () => {
    const order = await paidOrder();
    sim.mode = 'lose';
    await run({ timeoutMs: 300 });
    sim.mode = 'ok';
    const waiting = await docOf(order.id);
    expect(waiting).toMatchObject({ status: 'pendente', attempts: 1 });
    expect(waiting.last_error).toMatch(/sem resposta/);
    // Not before its time.
    await run();
    expect((await docOf(order.id)).status).toBe('pendente');

    await run({ now: new Date(Date.now() + 3_600_000) });
    const doc = await docOf(order.id);
    expect(doc.status).toBe('emitida');
    expect(posts(doc.id_dps!)).toHaveLength(1);
    expect(sim.received.some((r) => r.method === 'HEAD' && r.path === `/dps/${doc.id_dps}`)).toBe(true);
    expect(doc.chave_acesso).toBe(sim.issued.get(doc.id_dps!)!.chaveAcesso);
  });

  it('cancelar o pedido pago envia o evento e101101; passado o prazo, pede substituição', async () => {
    const order = await paidOrder();
    await run();
    const issued = await docOf(order.id);
    const cancelled = await staff('POST', `/api/admin/pedidos/${order.id}/cancelar`, {
      motivo: 'Cliente desistiu da campanha',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await docOf(order.id)).cancel_state).toBe('pendente');
    await run();
    const doc = await docOf(order.id);
    expect(doc).toMatchObject({ status: 'cancelada', cancel_state: null });
    const event = sim.received.find((r) => r.path === `/nfse/${issued.chave_acesso}/eventos`);
    expect(event?.xml).toContain('<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>2</cMotivo>');
    expect(verifyDps(event!.xml!).valid).toBe(true);
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
      cookie: empresa.cookie,
    });
    expect(detail.json().nfse).toMatchObject({ status: 'cancelada' });

    const late = await paidOrder();
    await run();
    await ctx.database.db
      .update(fiscalDocuments)
      .set({ issued_at: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(fiscalDocuments.order_id, late.id));
    await staff('POST', `/api/admin/pedidos/${late.id}/cancelar`, { motivo: 'Cliente desistiu da campanha' });
    const before = sim.received.length;
    await run();
    expect(await docOf(late.id)).toMatchObject({ status: 'emitida', cancel_state: 'substituir' });
    expect(sim.received.length).toBe(before);
  });
});
