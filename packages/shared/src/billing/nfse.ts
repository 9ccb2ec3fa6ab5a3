import { z } from 'zod';

/**
 * The NFS-e of an order as people see it (issue #42, docs/decisions/083-nfse-when-paid.md): its state,
 * words for it, and the schemas of the customer's summary and of the staff's fiscal queue.
 */
export const nfseStatuses = ['nao_emitida', 'pendente', 'emitida', 'recusada', 'cancelada'] as const;
export type NfseStatus = (typeof nfseStatuses)[number];

export const nfseStatusLabels: Record<NfseStatus, string> = {
  nao_emitida: 'Não emitida (sem certificado)',
  pendente: 'Em emissão',
  emitida: 'Emitida',
  recusada: 'Recusada pela Sefin',
  cancelada: 'Cancelada',
};

export const nfseCancelStates = ['pendente', 'recusado', 'substituir'] as const;
export type NfseCancelState = (typeof nfseCancelStates)[number];

export const nfseCancelStateLabels: Record<NfseCancelState, string> = {
  pendente: 'Cancelamento em andamento',
  recusado: 'Cancelamento recusado pela Sefin',
  substituir: 'Prazo de cancelamento encerrado: substitua a NFS-e',
};

export const nfseMessageSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  complemento: z.string().optional(),
});

/** What the customer sees of an order's NFS-e (order page, billing). */
export const orderNfseSchema = z.object({
  status: z.enum(nfseStatuses),
  status_label: z.string(),
  cancel_state: z.enum(nfseCancelStates).nullable(),
  chave_acesso: z.string().nullable(),
  verification_url: z.string().nullable(),
  issued_at: z.string().nullable(),
});
export type OrderNfse = z.infer<typeof orderNfseSchema>;

/** One line of the staff's fiscal queue. */
export const fiscalDocumentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_code: z.string(),
  buyer_name: z.string(),
  buyer_document: z.string(),
  total: z.number(),
  status: z.enum(nfseStatuses),
  status_label: z.string(),
  series: z.string().nullable(),
  number: z.number().nullable(),
  id_dps: z.string().nullable(),
  attempts: z.number(),
  chave_acesso: z.string().nullable(),
  messages: z.array(nfseMessageSchema),
  last_error: z.string().nullable(),
  cancel_state: z.enum(nfseCancelStates).nullable(),
  cancel_state_label: z.string().nullable(),
  can_retry: z.boolean(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type FiscalDocument = z.infer<typeof fiscalDocumentSchema>;

/**
 * An order's NFS-e on the staff's order page (/admin/pedidos/{id}): the fiscal queue's line without
 * the order's own fields, with the NFS-e's number as the Sefin gave it, where to check it and why it
 * was cancelled. `id` is the fiscal document's, for "Tentar de novo" (POST /api/admin/fiscal/{id}/...).
 */
export const adminOrderNfseSchema = fiscalDocumentSchema
  .omit({ order_id: true, order_code: true, buyer_name: true, buyer_document: true, total: true })
  .extend({
    /** `nNFSe` of the issued NFS-e; null before it is issued. */
    nfse_number: z.string().nullable(),
    verification_url: z.string().nullable(),
    cancel_reason: z.string().nullable(),
  });
export type AdminOrderNfse = z.infer<typeof adminOrderNfseSchema>;

export const fiscalQueueSchema = z.object({ items: z.array(fiscalDocumentSchema) });
export const fiscalQueueQuery = z.object({
  status: z.enum(nfseStatuses, { error: 'Situação inválida.' }).optional(),
});

export const nfseMessages = {
  notFound: 'Documento fiscal não encontrado.',
  noNfse: 'Este pedido ainda não tem NFS-e emitida.',
  notRetryable:
    'Só uma NFS-e recusada, ainda não emitida ou com cancelamento recusado pode ser tentada de novo.',
  noCertificate: 'Emissão de NFS-e desligada: configure NFSE_URL e o certificado A1 para emitir.',
};
