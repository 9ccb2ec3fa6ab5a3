/** Staff endpoints about sales: orders and their documents, PIs, Pix without order, fiscal, reports, proposals. */
import { salesReportSchema } from '../admin/schemas.ts';
import {
  adminPendingInsertionOrdersResponse,
  insertionOrderMessages,
  insertionOrderSchema,
} from '../agencies/insertion-order.ts';
import { messageSchema } from '../auth/schemas.ts';
import { fiscalQueueQuery, fiscalQueueSchema, nfseMessages } from '../billing/nfse.ts';
import {
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderPage,
  cancelOrderBody,
  extendHoldBody,
} from '../orders/admin-schemas.ts';
import { orderDetailSchema } from '../orders/schemas.ts';
import { unmatchedPixListSchema, unmatchedPixMessages } from '../orders/unmatched-pix.ts';
import { proposalAnswerSchema } from '../proposals/negotiation-inputs.ts';
import {
  proposalInputSchema,
  proposalListQuery,
  proposalListResponse,
  proposalSchema,
} from '../proposals/schemas.ts';
import { confirmPaymentBody, reportCsvQuery, salesReportQuery } from './admin-inputs.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const tags = ['admin'] as const;
const order = uuidParams('Pedido não encontrado.');
const proposal = uuidParams('Proposta não encontrada.');
const pi = uuidParams(insertionOrderMessages.notFound);

/** A staff action on an order: its answer is the order as it is now. */
const orderAction = <P extends `/api/admin/pedidos/:id/${string}`>(path: P, summary: string) =>
  ({
    method: 'POST',
    path,
    params: order,
    answer: adminOrderDetail,
    section: 'pedidos',
    summary,
    tags,
  }) as const;
/** A document of an order (a file: no answer schema). */
const orderFile = <P extends `/api/admin/pedidos/:id/${string}`>(path: P, summary: string) =>
  endpoint({ method: 'GET', path, params: order, section: 'pedidos', summary, tags });

export const adminSalesEndpoints = {
  orders: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/pedidos',
      query: adminOrderListQuery,
      answer: adminOrderPage,
      section: 'pedidos',
      summary: 'Pedidos com busca (código, cliente, CPF/CNPJ, e-mail), filtros, ordenação e paginação',
      tags,
    }),
    csv: endpoint({
      method: 'GET',
      path: '/api/admin/pedidos/csv',
      query: adminOrderListQuery,
      section: 'pedidos',
      summary: 'A lista filtrada de pedidos em CSV (UTF-8 com BOM, separador ;)',
      tags,
    }),
    one: endpoint({
      method: 'GET',
      path: '/api/admin/pedidos/:id',
      params: order,
      answer: adminOrderDetail,
      section: 'pedidos',
      summary: 'Um pedido: cliente, itens, pagamentos, fatura, campanhas, histórico',
      tags,
    }),
    extendHold: endpoint({
      ...orderAction(
        '/api/admin/pedidos/:id/prorrogar',
        'Prorroga a reserva de um pedido sem pagamento (até 72 h por vez)',
      ),
      body: extendHoldBody,
    }),
    reissuePix: endpoint(
      orderAction(
        '/api/admin/pedidos/:id/reemitir-pix',
        'Emite um novo Pix (novo txid; o anterior passa a ser recusado)',
      ),
    ),
    cancel: endpoint({
      ...orderAction(
        '/api/admin/pedidos/:id/cancelar',
        'Cancela o pedido, libera as vagas e, se pago, registra o reembolso escolhido (pela política, integral ou parcial com motivo) e a nota de crédito',
      ),
      body: cancelOrderBody,
    }),
    resendEmail: endpoint(
      orderAction(
        '/api/admin/pedidos/:id/reenviar-email',
        'Reenvia ao cliente o e-mail da situação atual do pedido',
      ),
    ),
    invoicePdf: orderFile('/api/admin/pedidos/:id/fatura.pdf', 'A fatura do pedido em PDF'),
    creditNotePdf: orderFile(
      '/api/admin/pedidos/:id/nota-de-credito.pdf',
      'A nota de crédito do pedido cancelado em PDF',
    ),
    nfseXml: orderFile('/api/admin/pedidos/:id/nfse.xml', 'O XML da NFS-e do pedido'),
    nfsePdf: orderFile('/api/admin/pedidos/:id/nfse.pdf', 'A NFS-e do pedido em PDF (DANFSe)'),
    /** The customer's view of the order once paid (the staff's own view is `one`). */
    confirmPayment: endpoint({
      method: 'POST',
      path: '/api/admin/orders/:id/confirm-payment',
      params: order,
      body: confirmPaymentBody,
      answer: orderDetailSchema,
      section: 'pedidos',
      summary: 'A equipe confirma o pagamento de um pedido que aguarda pagamento',
      tags,
    }),
  },
  insertionOrders: {
    pending: endpoint({
      method: 'GET',
      path: '/api/admin/pis',
      answer: adminPendingInsertionOrdersResponse,
      section: 'pedidos',
      summary: 'PIs que esperam a aprovação da agência, de pedidos em aberto, os mais antigos primeiro',
      tags,
    }),
    one: endpoint({
      method: 'GET',
      path: '/api/admin/pedidos/:id/pi',
      params: pi,
      answer: insertionOrderSchema,
      section: 'pedidos',
      summary: 'O PI do pedido de uma agência e a sua aprovação',
      tags,
    }),
    pdf: endpoint({
      method: 'GET',
      path: '/api/admin/pedidos/:id/pi.pdf',
      params: pi,
      section: 'pedidos',
      summary: 'O PI do pedido de uma agência em PDF',
      tags,
    }),
  },
  unmatchedPix: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/pix-sem-pedido',
      answer: unmatchedPixListSchema,
      section: 'pedidos',
      summary: 'Pix recebidos que não correspondem a nenhum pedido, com a devolução de cada um',
      tags,
    }),
    refund: endpoint({
      method: 'POST',
      path: '/api/admin/pix-sem-pedido/:id/devolver',
      params: uuidParams(unmatchedPixMessages.notFound),
      answer: messageSchema,
      section: 'pedidos',
      summary: 'Devolve por Pix, inteiro, um Pix que não corresponde a nenhum pedido',
      tags,
    }),
  },
  fiscal: {
    queue: endpoint({
      method: 'GET',
      path: '/api/admin/fiscal',
      query: fiscalQueueQuery,
      answer: fiscalQueueSchema,
      section: 'fiscal',
      summary: 'A fila fiscal: NFS-e pendentes, emitidas, recusadas e canceladas',
      tags,
    }),
    retry: endpoint({
      method: 'POST',
      path: '/api/admin/fiscal/:id/tentar-de-novo',
      params: uuidParams(nfseMessages.notFound),
      answer: messageSchema,
      section: 'fiscal',
      summary: 'Devolve à fila uma NFS-e recusada, não emitida ou com cancelamento recusado',
      tags,
    }),
  },
  reports: {
    sales: endpoint({
      method: 'GET',
      path: '/api/admin/relatorios',
      query: salesReportQuery,
      answer: salesReportSchema,
      section: 'relatorios',
      summary: 'Vendas por período, produto, cidade e tipo; ocupação; melhores clientes',
      tags,
    }),
    csv: endpoint({
      method: 'GET',
      path: '/api/admin/relatorios/csv',
      query: reportCsvQuery,
      section: 'relatorios',
      summary: 'Uma tabela do relatório em CSV (UTF-8 com BOM, separador ;)',
      tags,
    }),
  },
  proposals: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/propostas',
      query: proposalListQuery,
      answer: proposalListResponse,
      section: 'propostas',
      summary: 'Propostas, das mais novas',
      tags,
    }),
    create: endpoint({
      method: 'POST',
      path: '/api/admin/propostas',
      body: proposalInputSchema,
      answer: proposalSchema,
      status: 201,
      section: 'propostas',
      summary: 'Cria uma proposta (rascunho) para um cliente',
      tags,
    }),
    one: endpoint({
      method: 'GET',
      path: '/api/admin/propostas/:id',
      params: proposal,
      answer: proposalSchema,
      section: 'propostas',
      summary: 'Uma proposta',
      tags,
    }),
    pdf: endpoint({
      method: 'GET',
      path: '/api/admin/propostas/:id/pdf',
      params: proposal,
      section: 'propostas',
      summary: 'A proposta em PDF',
      tags,
    }),
    send: endpoint({
      method: 'POST',
      path: '/api/admin/propostas/:id/enviar',
      params: proposal,
      answer: proposalSchema,
      section: 'propostas',
      summary: 'Envia (ou reenvia) a proposta por e-mail com o link',
      tags,
    }),
    answer: endpoint({
      method: 'POST',
      path: '/api/admin/propostas/:id/responder',
      params: proposal,
      body: proposalAnswerSchema,
      answer: proposalSchema,
      section: 'propostas',
      summary: 'Responde a um pedido de proposta ou a uma contraproposta com preços, e envia',
      tags,
    }),
    cancel: endpoint({
      method: 'POST',
      path: '/api/admin/propostas/:id/cancelar',
      params: proposal,
      answer: proposalSchema,
      section: 'propostas',
      summary: 'Cancela uma proposta ainda não aceita',
      tags,
    }),
  },
} as const;
