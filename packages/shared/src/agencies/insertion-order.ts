import { z } from 'zod';
import { orderStatuses } from '../orders/rules.ts';

/**
 * The PI — pedido de inserção, or autorização de veiculação — of an agency's order (issue #44 item 3,
 * docs/decisions/103-insertion-order.md): numbered with the order, approved by the agency before any of
 * its campaigns starts.
 */
export const insertionOrderMessages = {
  notFound: 'PI não encontrado.',
  alreadyApproved: 'Este PI já foi aprovado.',
  orderClosed: 'Este pedido foi cancelado ou expirou: o PI não pode mais ser aprovado.',
  approved: 'PI aprovado. As campanhas deste pedido podem entrar no ar nas datas reservadas.',
  /** Staff's "Iniciar campanha" (and a screen's first play, which waits) on an order whose PI is pending. */
  notApproved: (number: string) =>
    `A campanha não pode começar: o pedido de inserção ${number} deste pedido ainda não foi aprovado pela agência.`,
} as const;

export const insertionOrderStatuses = ['pendente', 'aprovado'] as const;
export type InsertionOrderStatus = (typeof insertionOrderStatuses)[number];
export const insertionOrderStatusLabels: Record<InsertionOrderStatus, string> = {
  pendente: 'Aguardando aprovação da agência',
  aprovado: 'Aprovado pela agência',
};

/** The terms the PI states, on its PDF and on the order page (in this order). */
export const insertionOrderTerms = [
  'Este PI autoriza a Urbana a veicular, nas faces e períodos acima, as peças do anunciante aprovadas pela equipe da Urbana.',
  'A campanha só entra no ar depois da aprovação deste PI pela agência e da confirmação do pagamento do pedido.',
  'O valor líquido é o valor bruto da veiculação menos o desconto-padrão de agência devido pelas Normas-Padrão do CENP a agência certificada na data do pedido; sem certificado válido, não há desconto-padrão.',
  'O cancelamento segue a política exibida na finalização do pedido: reembolso integral dos itens cancelados até 5 dias úteis antes do início da veiculação.',
  'A agência responde pelo conteúdo das peças que envia em nome do anunciante.',
] as const;

const partySchema = z.object({ id: z.string(), name: z.string(), document: z.string() });

/** GET /api/agencia/pedidos/:id/pi (and on the staff order page): the PI and the figures it states. */
export const insertionOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(insertionOrderStatuses),
  order_id: z.string(),
  order_code: z.string(),
  order_status: z.enum(orderStatuses),
  agency: partySchema,
  advertiser: partySchema.nullable(),
  items: z.array(
    z.object({
      product_name: z.string(),
      city: z.string(),
      state: z.string(),
      starts_on: z.string(),
      weeks: z.number(),
      towers: z.array(z.string()),
      total: z.number(),
    }),
  ),
  coupon_discount: z.number(),
  figures: z.object({
    gross: z.number(),
    commission: z.number(),
    net: z.number(),
    percent: z.number().nullable(),
  }),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_ip: z.string().nullable(),
});
export type InsertionOrder = z.infer<typeof insertionOrderSchema>;

/** GET /api/admin/pis: the PIs still waiting for their agency, the oldest first. */
export const adminPendingInsertionOrdersResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      order_id: z.string(),
      order_code: z.string(),
      order_status: z.enum(orderStatuses),
      agency_name: z.string(),
      advertiser_name: z.string().nullable(),
      net: z.number(),
      first_start: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
