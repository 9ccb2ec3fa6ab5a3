import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
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
import { actorOf } from './common.ts';

/** /api/admin/pedidos: every order for staff (admin and operador), its documents and its actions. */
export const orderAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = endpoints.admin;
    const detail = (id: string) => adminOrderDetail(deps.db, id);

    route(app, orders.list, async (request) => {
      const { total, rows } = await listAdminOrders(deps.db, request.query);
      return { total, page: request.query.page, page_size: request.query.page_size, items: rows };
    });
    route(app, orders.csv, async (request, reply) => {
      const csv = await adminOrdersCsv(deps.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body);
    });
    route(app, orders.one, async (request) => detail(request.params.id));

    // Each action answers the order as it is now.
    route(app, orders.extendHold, async (request) => {
      await extendHold(deps, actorOf(request), request.params.id, request.body.horas);
      return detail(request.params.id);
    });
    route(app, orders.reissuePix, async (request) => {
      await reissuePix(deps, actorOf(request), request.params.id);
      return detail(request.params.id);
    });
    route(app, orders.cancel, async (request) => {
      await cancelOrder(deps, actorOf(request), request.params.id, request.body);
      return detail(request.params.id);
    });
    route(app, orders.resendEmail, async (request) => {
      await resendOrderEmail(deps, actorOf(request), request.params.id);
      return detail(request.params.id);
    });

    orderDocumentRoutes(app, deps);

    // The customer's view of the order once paid (the staff's own view is GET /pedidos/:id).
    route(app, orders.confirmPayment, async (request) => {
      await confirmPayment(deps, actorOf(request), request.params.id, request.body?.note);
      return orderDetail(deps.db, request.params.id);
    });
  };

/** An order's invoice, credit note and NFS-e (issue #42) as files, for any order. */
function orderDocumentRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  const { orders } = endpoints.admin;
  route(app, orders.invoicePdf, async (request, reply) => {
    const invoice = await deps.db.query.invoices.findFirst({
      where: (i, { eq }) => eq(i.order_id, request.params.id),
    });
    if (!invoice) throw new AppError(404, ORDER_NOT_FOUND);
    const { number, pdf } = await invoicePdf(deps.db, null, invoice.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="fatura-${number}.pdf"`)
      .send(pdf);
  });
  route(app, orders.creditNotePdf, async (request, reply) => {
    const { number, pdf } = await creditNotePdf(deps.db, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="nota-de-credito-${number}.pdf"`)
      .send(pdf);
  });
  route(app, orders.nfseXml, async (request, reply) => {
    const { xml, chave } = await issuedNfse(deps.db, request.params.id, null);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="nfse-${chave}.xml"`)
      .header('cache-control', 'private, no-store')
      .send(xml);
  });
  route(app, orders.nfsePdf, async (request, reply) => {
    const { xml, doc } = await issuedNfse(deps.db, request.params.id, null);
    const { number, pdf } = await danfsePdf(xml, doc.status === 'cancelada');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="nfse-${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
