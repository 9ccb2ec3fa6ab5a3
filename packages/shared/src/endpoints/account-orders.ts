/** Checkout, the billing profile, the signed-in customer's orders and their campaign reports. */
import { z } from 'zod';
import {
  billingProfileResponseSchema,
  billingProfileSavedSchema,
  billingProfileSchema,
} from '../billing/profile.ts';
import { campaignReportSchema } from '../campaign-reports/schemas.ts';
import {
  checkoutBodySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  orderPixSchema,
  quoteSchema,
} from '../orders/schemas.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

/** `:id` of one of the customer's orders. */
const orderParams = uuidParams('Pedido não encontrado.');
const orderTags = ['pedidos'] as const;

/** The checkout's Idempotency-Key: the same key again returns the same order. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'Envie o cabeçalho Idempotency-Key.' })
    .min(8, { error: 'Idempotency-Key inválida.' })
    .max(100, { error: 'Idempotency-Key inválida.' }),
});

export const accountOrderEndpoints = {
  checkout: {
    quote: endpoint({
      method: 'POST',
      path: '/api/checkout/quote',
      body: checkoutBodySchema,
      answer: quoteSchema,
      summary: 'Preços recalculados do banco, descontos e cupom',
      tags: orderTags,
    }),
    proposalPdf: endpoint({
      method: 'POST',
      path: '/api/proposta',
      body: checkoutBodySchema,
      summary: 'Proposta de mídia do carrinho em PDF',
      tags: orderTags,
    }),
  },
  billingProfile: {
    read: endpoint({
      method: 'GET',
      path: '/api/billing-profile',
      answer: billingProfileResponseSchema,
      summary: 'O cadastro de faturamento',
      tags: orderTags,
    }),
    save: endpoint({
      method: 'PUT',
      path: '/api/billing-profile',
      body: billingProfileSchema,
      answer: billingProfileSavedSchema,
      summary: 'Grava o cadastro de faturamento (CPF/CNPJ validados)',
      tags: orderTags,
    }),
  },
  orders: {
    /** 201 with the new order; 200 with the same order when the Idempotency-Key was seen before. */
    place: endpoint({
      method: 'POST',
      path: '/api/orders',
      headers: idempotencyHeaders,
      body: checkoutBodySchema,
      answer: orderDetailSchema,
      status: 201,
      summary:
        'Finaliza o pedido (uma transação); repetir com a mesma Idempotency-Key devolve o mesmo pedido',
      tags: orderTags,
    }),
    list: endpoint({
      method: 'GET',
      path: '/api/orders',
      query: orderListQuerySchema,
      answer: orderListSchema,
      summary: 'Meus pedidos',
      tags: orderTags,
    }),
    detail: endpoint({
      method: 'GET',
      path: '/api/orders/:id',
      params: orderParams,
      answer: orderDetailSchema,
      summary: 'Um pedido: itens, torres, períodos, histórico e fatura',
      tags: orderTags,
    }),
    pix: endpoint({
      method: 'GET',
      path: '/api/orders/:id/pix',
      params: orderParams,
      answer: orderPixSchema,
      summary: 'Pix copia e cola e QR Code do pedido',
      tags: orderTags,
    }),
    cancel: endpoint({
      method: 'POST',
      path: '/api/orders/:id/cancel',
      params: orderParams,
      answer: orderDetailSchema,
      summary: 'Cancela um pedido que ainda aguarda pagamento',
      tags: orderTags,
    }),
    report: endpoint({
      method: 'GET',
      path: '/api/orders/:id/relatorio',
      params: orderParams,
      answer: campaignReportSchema,
      summary: 'Relatório da campanha de um pedido concluído',
      tags: orderTags,
    }),
    reportPdf: endpoint({
      method: 'GET',
      path: '/api/orders/:id/relatorio.pdf',
      params: orderParams,
      summary: 'Relatório da campanha em PDF',
      tags: orderTags,
    }),
  },
} as const;
