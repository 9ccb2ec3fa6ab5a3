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

/** /usuario/faturamento: the signed-in user's invoices, summary and PDFs (only their own). */
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
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="fatura-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    // The order's NFS-e as the Sefin issued it, and its DANFSe (issue #42): only the customer's own.
    route(app, billing.nfseXml, async (request, reply) => {
      const { xml, chave } = await issuedNfse(db, request.params.id, request.user!.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="nfse-${chave}.xml"`)
        .header('cache-control', 'private, no-store')
        .send(xml);
    });
    route(app, billing.nfsePdf, async (request, reply) => {
      const { xml, doc } = await issuedNfse(db, request.params.id, request.user!.id);
      const { number, pdf } = await danfsePdf(xml, doc.status === 'cancelada');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="nfse-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    // The customer's copy of the credit note of their cancelled order (issue #40 item 3).
    route(app, billing.creditNotePdf, async (request, reply) => {
      const { number, pdf } = await creditNotePdf(db, request.params.id, request.user!.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="nota-de-credito-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  };
