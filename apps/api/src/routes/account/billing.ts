import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { lookUpCnpj } from '../../services/lookups/cnpj-lookup.ts';
import { invoicePdf, invoiceSummary, listInvoices } from '../../services/invoices.ts';
import { creditNotePdf } from '../../services/pdf/credit-note.ts';
import { issuedNfse } from '../../services/fiscal/fiscal-documents.ts';
import { danfsePdf } from '../../services/pdf/danfse.ts';
import { readableOrderOwner } from '../../services/agencies/order-scope.ts';

/** A person's own file (an invoice, an NFS-e, a credit note): downloaded under its name, never cached. */
function sendDownload(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * /usuario/faturamento: the signed-in user's invoices, summary and PDFs — their own and, for an
 * agency's person, the agency's (decision 116); never another's.
 */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const { billing } = endpoints;
    app.addHook('preValidation', requireUser);

    route(app, billing.cnpj, async (request) => lookUpCnpj(deps.config, request.params.cnpj), {
      config: { rateLimit: deps.rateLimits.cnpjLookups },
    });

    route(app, billing.invoices, async (request) => ({
      items: await listInvoices(db, request.user!.id, request.query),
    }));

    route(app, billing.summary, async (request) => invoiceSummary(db, request.user!.id));

    route(app, billing.invoicePdf, async (request, reply) => {
      const { number, pdf } = await invoicePdf(db, request.user!.id, request.params.id);
      return sendDownload(reply, 'application/pdf', `fatura-${number}.pdf`, pdf);
    });

    // The order's NFS-e as the Sefin issued it, and its DANFSe (issue #42): for whoever reads the order.
    route(app, billing.nfseXml, async (request, reply) => {
      const { xml, chave } = await issuedNfse(db, request.params.id, request.user!.id);
      return sendDownload(reply, 'application/xml; charset=utf-8', `nfse-${chave}.xml`, xml);
    });
    route(app, billing.nfsePdf, async (request, reply) => {
      const { xml, doc } = await issuedNfse(db, request.params.id, request.user!.id);
      const { number, pdf } = await danfsePdf(xml, doc.status === 'cancelada');
      return sendDownload(reply, 'application/pdf', `nfse-${number}.pdf`, pdf);
    });

    // The customer's copy of the credit note of their cancelled order (issue #40 item 3).
    route(app, billing.creditNotePdf, async (request, reply) => {
      const owner = await readableOrderOwner(db, request.user!.id, request.params.id);
      const { number, pdf } = await creditNotePdf(db, request.params.id, owner);
      return sendDownload(reply, 'application/pdf', `nota-de-credito-${number}.pdf`, pdf);
    });
  };
