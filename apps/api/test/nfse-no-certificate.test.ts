/**
 * Issue #42 item 7: with no certificate configured (NFSE_URL empty) nothing is sent, the fiscal queue
 * shows what would be issued, staff cannot "try again" until it is configured, and the invoice says
 * no NFS-e was issued by Urbana.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { nfseMessages } from '@urbana/shared';
import { fiscalDocuments } from '../src/db/schema/index.ts';
import { processFiscalQueue } from '../src/services/fiscal/nfse-worker.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { payOrder } from './pay-order.ts';
import { billing, insertProduct, person, placeOrder, type Person } from './security/world.ts';

let ctx: TestContext;
let cliente: Person;
let operador: Person;
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ...NO_ORDER_LIMITS }) });
  cliente = await person(ctx, { nome: 'Ana Souza' });
  operador = await person(ctx, { tipo: 'operador', email: 'fiscal@urbana.com.br' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: cliente.cookie,
    payload: billing,
  });
  expect(res.statusCode, res.body).toBe(200);
  productId = (await insertProduct(ctx.database, 'Outdoor W3 Sul', 10_000, 50)).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('sem certificado', () => {
  it('nada é enviado; a fila mostra a NFS-e não emitida e a fatura diz que não houve NFS-e', async () => {
    expect(ctx.config.nfse).toBeUndefined();
    const order = await placeOrder(ctx, cliente, productId);
    await payOrder(ctx, order.id);
    expect(await processFiscalQueue(ctx.app.deps)).toBe(0);
    const [doc] = await ctx.database.db
      .select()
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.order_id, order.id));
    expect(doc).toMatchObject({ status: 'nao_emitida', number: null, id_dps: null, attempts: 0 });

    const queue = await inject(ctx, { method: 'GET', url: '/api/admin/fiscal', cookie: operador.cookie });
    expect(queue.json().items).toEqual([
      expect.objectContaining({
        order_id: order.id,
        status_label: 'Não emitida (sem certificado)',
        buyer_document: '52998224725',
        can_retry: true,
      }),
    ]);
    const retry = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/fiscal/${doc!.id}/tentar-de-novo`,
      cookie: operador.cookie,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(nfseMessages.noCertificate);

    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
      cookie: cliente.cookie,
    });
    expect(detail.json().nfse).toMatchObject({ status: 'nao_emitida', chave_acesso: null });
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}/nfse.pdf`,
      cookie: cliente.cookie,
    });
    expect(pdf.statusCode).toBe(404);
    const invoices = await inject(ctx, { method: 'GET', url: '/api/invoices', cookie: cliente.cookie });
    const invoiceId = invoices.json().items[0].id;
    const fatura = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf`,
      cookie: cliente.cookie,
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(fatura.rawPayload)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, ' ')).toContain('Nenhuma NFS-e foi emitida pela Urbana para este pedido.');
  });
});
