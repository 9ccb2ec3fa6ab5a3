import { z } from 'zod';

/**
 * /admin/pedidos, "Pix sem pedido" (issue #41): a Pix received through the PSP that named no order of
 * Urbana's, and its devolução when staff sent one (decision 102).
 */
export const unmatchedPixSchema = z.object({
  id: z.string(),
  /** The Pix's endToEndId. */
  reference: z.string(),
  /** The txid it named, when it named one. */
  txid: z.string().nullable(),
  amount: z.number(),
  received_at: z.string(),
  refund: z
    .object({
      status: z.enum(['pendente', 'processando', 'devolvido', 'nao_realizado']),
      provider_reason: z.string().nullable(),
    })
    .nullable(),
});
export type UnmatchedPix = z.infer<typeof unmatchedPixSchema>;
export const unmatchedPixListSchema = z.object({ items: z.array(unmatchedPixSchema) });

export const unmatchedPixMessages = {
  notFound: 'Pix sem pedido não encontrado.',
  alreadyRefunded: 'Este Pix já foi devolvido ou está sendo devolvido.',
  noProvider: 'Nenhum provedor Pix configurado: devolva o valor pelo banco.',
  queued: 'Devolução enviada ao PSP. O valor volta para a conta que pagou.',
} as const;
