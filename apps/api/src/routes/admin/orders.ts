import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetail as detailSchema,
  adminOrderListQuery,
  adminOrderPage,
  cancelOrderBody,
  extendHoldBody,
  orderDetailSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { cancelOrder } from '../../services/admin-orders/cancel-order.ts';
import { confirmPayment } from '../../services/admin-orders/confirm-payment.ts';
import { orderDetail } from '../../services/orders/queries.ts';
import { creditNotePdf } from '../../services/pdf/credit-note.ts';
import { danfsePdf } from '../../services/pdf/danfse.ts';
import { issuedNfse } from '../../services/fiscal/fiscal-documents.ts';
import { extendHold } from '../../services/admin-orders/extend-hold.ts';
import { adminOrdersCsv, listAdminOrders } from '../../services/admin-orders/list-orders.ts';
import { adminOrderDetail, ORDER_NOT_FOUND } from '../../services/admin-orders/order-detail.ts';
import { reissuePix } from '../../services/admin-orders/reissue-pix.ts';
import { resendOrderEmail } from '../../services/admin-orders/resend-order-email.ts';
import { invoicePdf } from '../../services/invoices.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, errors, idParams } from './common.ts';

/** /api/admin/pedidos: every order for staff (admin and operador), its documents and its actions. */
export const orderAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('pedidos', deps.config.adminEmails);
    const params = idParams('Pedido não encontrado.');
    const detail = { 200: detailSchema, ...errors };
    const tags = ['admin'];

    app.get(
      '/pedidos',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Pedidos com busca (código, cliente, CPF/CNPJ, e-mail), filtros, ordenação e paginação',
          querystring: adminOrderListQuery,
          response: { 200: adminOrderPage, ...errors },
        },
      },
      async (request) => {
        const { total, rows } = await listAdminOrders(deps.db, request.query);
        return { total, page: request.query.page, page_size: request.query.page_size, items: rows };
      },
    );

    app.get(
      '/pedidos/csv',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'A lista filtrada de pedidos em CSV (UTF-8 com BOM, separador ;)',
          querystring: adminOrderListQuery,
        },
      },
      async (request, reply) => {
        const csv = await adminOrdersCsv(deps.db, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.filename}"`)
          .header('cache-control', 'no-store')
          .send(csv.body);
      },
    );

    app.get(
      '/pedidos/:id',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Um pedido: cliente, itens, pagamentos, fatura, campanhas, histórico',
          params,
          response: detail,
        },
      },
      async (request) => adminOrderDetail(deps.db, request.params.id),
    );

    const action = (
      url: string,
      summary: string,
      run: (id: string, actor: ReturnType<typeof actorOf>, body: unknown) => Promise<void>,
      body?: z.ZodType,
    ) =>
      app.post(
        `/pedidos/:id/${url}`,
        {
          preValidation: guard,
          schema: { tags, summary, params, ...(body ? { body } : {}), response: detail },
        },
        async (request) => {
          await run(request.params.id, actorOf(request), request.body);
          return adminOrderDetail(deps.db, request.params.id);
        },
      );

    action(
      'prorrogar',
      'Prorroga a reserva de um pedido sem pagamento (até 72 h por vez)',
      (id, actor, body) => extendHold(deps, actor, id, (body as z.infer<typeof extendHoldBody>).horas),
      extendHoldBody,
    );
    action('reemitir-pix', 'Emite um novo Pix (novo txid; o anterior passa a ser recusado)', (id, actor) =>
      reissuePix(deps, actor, id),
    );
    action(
      'cancelar',
      'Cancela o pedido, libera as vagas e, se pago, registra o reembolso escolhido (pela política, integral ou parcial com motivo) e a nota de crédito',
      (id, actor, body) => cancelOrder(deps, actor, id, body as z.infer<typeof cancelOrderBody>),
      cancelOrderBody,
    );
    action('reenviar-email', 'Reenvia ao cliente o e-mail da situação atual do pedido', (id, actor) =>
      resendOrderEmail(deps, actor, id),
    );

    app.get(
      '/pedidos/:id/fatura.pdf',
      {
        preValidation: guard,
        schema: { tags, summary: 'A fatura do pedido em PDF', params },
      },
      async (request, reply) => {
        const invoice = await deps.db.query.invoices.findFirst({
          where: (i, { eq }) => eq(i.order_id, request.params.id),
        });
        if (!invoice) throw new AppError(404, ORDER_NOT_FOUND);
        const { number, pdf } = await invoicePdf(deps.db, null, invoice.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="fatura-${number}.pdf"`)
          .send(pdf);
      },
    );

    app.get(
      '/pedidos/:id/nota-de-credito.pdf',
      {
        preValidation: guard,
        schema: { tags, summary: 'A nota de crédito do pedido cancelado em PDF', params },
      },
      async (request, reply) => {
        const { number, pdf } = await creditNotePdf(deps.db, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="nota-de-credito-${number}.pdf"`)
          .send(pdf);
      },
    );

    // The order's NFS-e as the Sefin issued it, and its DANFSe (issue #42), for any order.
    app.get(
      '/pedidos/:id/nfse.xml',
      { preValidation: guard, schema: { tags, summary: 'O XML da NFS-e do pedido', params } },
      async (request, reply) => {
        const { xml, chave } = await issuedNfse(deps.db, request.params.id, null);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="nfse-${chave}.xml"`)
          .header('cache-control', 'private, no-store')
          .send(xml);
      },
    );

    app.get(
      '/pedidos/:id/nfse.pdf',
      { preValidation: guard, schema: { tags, summary: 'A NFS-e do pedido em PDF (DANFSe)', params } },
      async (request, reply) => {
        const { xml, doc } = await issuedNfse(deps.db, request.params.id, null);
        const { number, pdf } = await danfsePdf(xml, doc.status === 'cancelada');
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="nfse-${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    // The customer's view of the order once paid (the staff's own view is GET /pedidos/:id).
    app.post(
      '/orders/:id/confirm-payment',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'A equipe confirma o pagamento de um pedido que aguarda pagamento',
          params,
          // A POST without a body reaches the validator as null.
          body: z.object({ note: z.string().max(500).optional() }).nullish(),
          response: { 200: orderDetailSchema, ...errors },
        },
      },
      async (request) => {
        await confirmPayment(deps, actorOf(request), request.params.id, request.body?.note);
        return orderDetail(deps.db, request.params.id);
      },
    );
  };
