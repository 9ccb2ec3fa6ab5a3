import { z } from 'zod';
import { parseReais } from '../admin-schemas.ts';
import { productTypes } from '../catalog.ts';
import { inventoryDay } from '../inventory/schemas.ts';
import { paymentMethods, type PaymentMethod } from '../orders/rules.ts';
import { proposalRoundSchema } from './negotiation.ts';

/**
 * Proposals staff build for a customer, which the customer accepts into an order (issue #19 item 4,
 * docs/decisions/030-inventory-holds-proposals.md).
 */

/**
 * "solicitada": a customer asked for a quote; "contraproposta": the customer countered the last offer
 * (both wait for staff's answer); "recusada": the customer declined, with a reason (issue #44 item 4).
 */
export const proposalStatuses = [
  'rascunho',
  'solicitada',
  'enviada',
  'contraproposta',
  'aceita',
  'recusada',
  'cancelada',
] as const;
/**
 * What the screens show: the stored status, or "vencida" once its last day passed unaccepted,
 * "reaberta" when the order of an accepted proposal lapsed unpaid (it may be accepted again) and
 * "impedida" when the last try to accept it was refused (a face sold out) — decision 077.
 */
export const proposalStates = [...proposalStatuses, 'vencida', 'reaberta', 'impedida'] as const;
export type ProposalState = (typeof proposalStates)[number];
export const proposalStateLabels: Record<ProposalState, string> = {
  rascunho: 'Rascunho',
  solicitada: 'Pedido de proposta',
  enviada: 'Enviada',
  contraproposta: 'Contraproposta',
  recusada: 'Recusada',
  aceita: 'Aceita',
  cancelada: 'Cancelada',
  vencida: 'Vencida',
  reaberta: 'Pedido não pago',
  impedida: 'Aceite impedido',
};
/** The states in which the customer may (try to) accept. */
export const acceptableProposalStates: readonly ProposalState[] = ['enviada', 'reaberta', 'impedida'];
/** The states in which the customer may decline or counter the offer. */
export const answerableProposalStates: readonly ProposalState[] = ['enviada', 'impedida'];
/** The states in which staff answer the customer with a (new) offer. */
export const awaitingStaffProposalStates: readonly ProposalState[] = ['solicitada', 'contraproposta'];

/** What a proposal offers, as staff choose it and the customer reads it (decision 077). */
export const proposalPaymentLabels: Record<PaymentMethod, string> = {
  pix: 'Pix',
  faturado: 'Pix ou boleto/transferência faturada (só para CNPJ)',
};
/** The methods the customer may pick when accepting: Pix always; invoicing only when offered. */
export function proposalAcceptMethods(offered: PaymentMethod): PaymentMethod[] {
  return offered === 'faturado' ? ['pix', 'faturado'] : ['pix'];
}

/** Longest a proposal may stay open. */
export const PROPOSAL_MAX_DAYS = 90;

/**
 * The least a proposal's line and its total may cost, in centavos (R$ 1,00, the least a face costs a
 * day): accepted, a proposal of R$ 0,00 became an order paid at once with an invoice of nothing.
 */
export const PROPOSAL_MIN_PRICE = 100;

export const proposalMessages = {
  expired: (lastDay: string) =>
    `Esta proposta venceu em ${lastDay} e não pode mais ser aceita. Peça uma nova proposta à equipe Urbana.`,
  accepted: 'Esta proposta já foi aceita.',
  cancelled: 'Esta proposta foi cancelada pela equipe Urbana.',
  notSent: 'Esta proposta ainda não foi enviada.',
  notFound: 'Proposta não encontrada.',
  priceAboveList: (name: string) => `O preço negociado de ${name} não pode passar do preço de tabela.`,
  priceMin: 'O preço negociado precisa ser de pelo menos R$ 1,00 (em branco: preço de tabela).',
  discountAboveTotal: 'O desconto precisa deixar ao menos R$ 1,00 no total: uma proposta não sai de graça.',
  started: (name: string) => `O período de ${name} já começou. Peça uma nova proposta à equipe Urbana.`,
  /** `period`: formatBookingPeriod's "de … até …". */
  soldOut: (face: string, period: string) =>
    `Não há vaga livre em ${face} ${period}. Escolha outro período ou outra face.`,
  invoicedNeedsCnpj:
    'Boleto/transferência faturada é só para empresas: o cadastro de faturamento deste cliente não tem CNPJ.',
  pixOnly: 'Esta proposta é para pagamento via Pix.',
  waitingStaff: 'Esta proposta aguarda a resposta da equipe Urbana.',
  declined: 'Esta proposta foi recusada.',
  notWaiting: 'Esta proposta não aguarda resposta da equipe.',
};

const money = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(5_000_000_000, { error: message });

export const proposalItemInputSchema = z.object({
  product_id: z.uuid({ error: 'Produto inválido.' }),
  tower_ids: z
    .array(z.uuid({ error: 'Torre inválida.' }))
    .max(100)
    .default([]),
  start_date: inventoryDay('Data de início inválida.'),
  weeks: z.coerce
    .number({ error: 'Número de semanas inválido.' })
    .int({ error: 'Número de semanas inválido.' })
    .min(1, { error: 'Escolha de 1 a 52 semanas.' })
    .max(52, { error: 'Escolha de 1 a 52 semanas.' }),
  /** Negotiated price of the line in centavos; null = the catalogue price. */
  price: money('Preço negociado inválido.')
    .pipe(z.number().min(PROPOSAL_MIN_PRICE, { error: proposalMessages.priceMin }))
    .nullable()
    .default(null),
});

export const proposalInputSchema = z.object({
  customer_id: z.uuid({ error: 'Escolha o cliente.' }),
  valid_until: inventoryDay('Data de validade inválida.'),
  discount: money('Desconto inválido.').default(0),
  note: z.string().trim().max(1000, { error: 'Observação longa demais (até 1000 caracteres).' }).default(''),
  /** "faturado" offers invoicing (to a CNPJ only) besides Pix; "pix", Pix alone. */
  payment_method: z.enum(paymentMethods, { error: 'Forma de pagamento inválida.' }).default('pix'),
  items: z
    .array(proposalItemInputSchema)
    .min(1, { error: 'Inclua ao menos um local na proposta.' })
    .max(30, { error: 'Itens demais em uma proposta (até 30).' }),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;

const reaisOrNull = (text: string) => (text.trim() ? (parseReais(text) ?? Number.NaN) : null);

/**
 * The staff proposal form as typed: prices and the discount in reais ("1.234,56"; blank = table
 * price / no discount), weeks as text; read into `proposalInputSchema`, whose messages land on the
 * same fields (items.N.price …).
 */
export const proposalFormSchema = z
  .object({
    customer_id: z.string(),
    valid_until: z.string(),
    discount: z.string(),
    note: z.string(),
    payment_method: z.enum(paymentMethods),
    items: z.array(
      z.object({
        product_id: z.string(),
        tower_ids: z.array(z.string()),
        start_date: z.string(),
        weeks: z.string(),
        price: z.string(),
      }),
    ),
  })
  .transform((v): ProposalInput => ({
    ...v,
    discount: reaisOrNull(v.discount) ?? 0,
    items: v.items.map((item) => ({ ...item, price: reaisOrNull(item.price) })),
  }))
  .pipe(proposalInputSchema);
export type ProposalFormValues = z.input<typeof proposalFormSchema>;
export type ProposalLineDraft = ProposalFormValues['items'][number];

export const proposalItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  product_type: z.enum(productTypes),
  city: z.string(),
  state: z.string(),
  is_tower_based: z.boolean(),
  towers: z.array(z.object({ id: z.string(), name: z.string() })),
  start: z.string(),
  weeks: z.number(),
  list_price: z.number(),
  price: z.number(),
  /** Impressions of the period and the CPM of the negotiated price (shared bookingAudience/bookingCpm). */
  audience: z.number(),
  cpm: z.number().nullable(),
});

export const proposalSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(proposalStatuses),
  state: z.enum(proposalStates),
  customer: z.object({
    id: z.string(),
    nome_completo: z.string(),
    email: z.string(),
    empresa: z.string().nullable(),
  }),
  valid_until: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  note: z.string(),
  payment_method: z.enum(paymentMethods),
  /** Why the last try to accept was refused (a face sold out …); null once accepted or sent again. */
  acceptance_error: z.string().nullable(),
  order_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
  /** The advertiser an agency asked for (its order bills it, with the desconto-padrão); null: direct. */
  advertiser: z.object({ id: z.string(), name: z.string(), document: z.string() }).nullable(),
  /** The customer's request ("Pedir proposta"): its message and target budget in centavos. */
  request_message: z.string(),
  target_budget: z.number().nullable(),
  items: z.array(proposalItemSchema),
  /** The lines' impressions together and the CPM of the total (shared bookingsSummary). */
  audience: z.number(),
  cpm: z.number().nullable(),
  /** Every round of the negotiation, oldest first: who, when and what. */
  rounds: z.array(proposalRoundSchema),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListQuery = z.object({
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int({ error: 'Página inválida.' })
    .min(1, { error: 'Página inválida.' })
    .default(1),
  q: z.string().trim().max(200, { error: 'Busca longa demais.' }).optional(),
  status: z.enum(proposalStatuses, { error: 'Situação inválida.' }).optional(),
});

export const proposalListResponse = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  items: z.array(proposalSchema.omit({ items: true, audience: true, cpm: true, rounds: true })),
});
export type ProposalListItem = z.infer<typeof proposalListResponse>['items'][number];

/** GET /api/propostas: the customer's own proposals, sent ones only, newest first. */
export const customerProposalListResponse = z.object({ items: proposalListResponse.shape.items });

export const proposalAcceptSchema = z.object({
  payment_method: z.enum(paymentMethods, { error: 'Escolha a forma de pagamento.' }).default('pix'),
});
export const proposalAcceptResponse = z.object({ order_id: z.string() });
