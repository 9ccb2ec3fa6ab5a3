/** The signed-in customer's invoices, their PDFs, the order's NFS-e and credit note, the CNPJ lookup. */
import { z } from 'zod';
import { nfseMessages } from '../billing/nfse.ts';
import { cnpjLookupSchema } from '../billing/profile.ts';
import {
  CREDIT_NOTE_NOT_FOUND,
  INVOICE_NOT_FOUND,
  invoiceListSchema,
  invoiceQuerySchema,
  invoiceSummarySchema,
} from '../billing/schemas.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const billingTags = ['faturamento'] as const;
const nfseParams = uuidParams(nfseMessages.noNfse);

export const accountBillingEndpoints = {
  billing: {
    cnpj: endpoint({
      method: 'GET',
      path: '/api/cnpj/:cnpj',
      params: z.object({ cnpj: z.string().max(32) }),
      answer: cnpjLookupSchema,
      summary: 'Dados de uma empresa pelo CNPJ, da consulta à Receita (protocolo BrasilAPI)',
      tags: billingTags,
    }),
    invoices: endpoint({
      method: 'GET',
      path: '/api/invoices',
      query: invoiceQuerySchema,
      answer: invoiceListSchema,
      summary: 'Minhas faturas, com filtro por status e ano',
      tags: billingTags,
    }),
    summary: endpoint({
      method: 'GET',
      path: '/api/invoices/summary',
      answer: invoiceSummarySchema,
      summary: 'Pago no ano, em aberto e vencido',
      tags: billingTags,
    }),
    invoicePdf: endpoint({
      method: 'GET',
      path: '/api/invoices/:id/pdf',
      params: uuidParams(INVOICE_NOT_FOUND),
      summary: 'A fatura em PDF',
      tags: billingTags,
    }),
    nfseXml: endpoint({
      method: 'GET',
      path: '/api/orders/:id/nfse.xml',
      params: nfseParams,
      summary: 'O XML da NFS-e do pedido',
      tags: billingTags,
    }),
    nfsePdf: endpoint({
      method: 'GET',
      path: '/api/orders/:id/nfse.pdf',
      params: nfseParams,
      summary: 'A NFS-e do pedido em PDF (DANFSe)',
      tags: billingTags,
    }),
    creditNotePdf: endpoint({
      method: 'GET',
      path: '/api/orders/:id/nota-de-credito.pdf',
      params: uuidParams(CREDIT_NOTE_NOT_FOUND),
      summary: 'A nota de crédito do reembolso de um pedido cancelado, em PDF',
      tags: billingTags,
    }),
  },
} as const;
