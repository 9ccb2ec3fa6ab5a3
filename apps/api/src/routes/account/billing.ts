import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cnpjLookupSchema,
  invoiceListSchema,
  invoiceQuerySchema,
  invoiceSummarySchema,
  messageSchema,
  nfseMessages,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { lookUpCnpj } from '../../services/lookups/cnpj-lookup.ts';
import { INVOICE_NOT_FOUND, invoicePdf, invoiceSummary, listInvoices } from '../../services/invoices.ts';
import { CREDIT_NOTE_NOT_FOUND, creditNotePdf } from '../../services/pdf/credit-note.ts';
import { issuedNfse } from '../../services/fiscal/fiscal-documents.ts';
import { danfsePdf } from '../../services/pdf/danfse.ts';
import { readableOrderOwner } from '../../services/agencies/order-scope.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };

/**
 * /usuario/faturamento: the signed-in user's invoices, summary and PDFs — their own and, for an
 * agency's person, the agency's (decision 116); never another's.
 */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);

    app.get(
      '/cnpj/:cnpj',
      {
        config: { rateLimit: deps.rateLimits.cnpjLookups },
        schema: {
          tags: ['faturamento'],
          summary: 'Dados de uma empresa pelo CNPJ, da consulta à Receita (protocolo BrasilAPI)',
          params: z.object({ cnpj: z.string().max(32) }),
          response: { 200: cnpjLookupSchema, ...errors, 503: messageSchema },
        },
      },
      async (request) => lookUpCnpj(deps.config, request.params.cnpj),
    );

    app.get(
      '/invoices',
      {
        schema: {
          tags: ['faturamento'],
          summary: 'Minhas faturas, com filtro por status e ano',
          querystring: invoiceQuerySchema,
          response: { 200: invoiceListSchema, ...errors },
        },
      },
      async (request) => ({ items: await listInvoices(db, request.user!.id, request.query) }),
    );

    app.get(
      '/invoices/summary',
      {
        schema: {
          tags: ['faturamento'],
          summary: 'Pago no ano, em aberto e vencido',
          response: {
            200: invoiceSummarySchema,
            ...errors,
          },
        },
      },
      async (request) => invoiceSummary(db, request.user!.id),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['faturamento'],
          summary: 'A fatura em PDF',
          params: z.object({ id: z.string().uuid({ error: INVOICE_NOT_FOUND }) }),
        },
      },
      async (request, reply) => {
        const { number, pdf } = await invoicePdf(db, request.user!.id, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="fatura-${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    // The order's NFS-e as the Sefin issued it, and its DANFSe (issue #42): for whoever reads the order.
    const nfseParams = z.object({ id: z.string().uuid({ error: nfseMessages.noNfse }) });
    app.get(
      '/orders/:id/nfse.xml',
      {
        schema: { tags: ['faturamento'], summary: 'O XML da NFS-e do pedido', params: nfseParams },
      },
      async (request, reply) => {
        const { xml, chave } = await issuedNfse(db, request.params.id, request.user!.id);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="nfse-${chave}.xml"`)
          .header('cache-control', 'private, no-store')
          .send(xml);
      },
    );
    app.get(
      '/orders/:id/nfse.pdf',
      {
        schema: { tags: ['faturamento'], summary: 'A NFS-e do pedido em PDF (DANFSe)', params: nfseParams },
      },
      async (request, reply) => {
        const { xml, doc } = await issuedNfse(db, request.params.id, request.user!.id);
        const { number, pdf } = await danfsePdf(xml, doc.status === 'cancelada');
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="nfse-${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    // The customer's copy of the credit note of their cancelled order (issue #40 item 3).
    app.get(
      '/orders/:id/nota-de-credito.pdf',
      {
        schema: {
          tags: ['faturamento'],
          summary: 'A nota de crédito do reembolso de um pedido cancelado, em PDF',
          params: z.object({ id: z.string().uuid({ error: CREDIT_NOTE_NOT_FOUND }) }),
        },
      },
      async (request, reply) => {
        const owner = await readableOrderOwner(db, request.user!.id, request.params.id);
        const { number, pdf } = await creditNotePdf(db, request.params.id, owner);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="nota-de-credito-${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
