import { z } from 'zod';
import { orderItemInputSchema } from '../orders/schemas.ts';
import { inventoryDay } from '../inventory/schemas.ts';
import { paymentMethods } from '../orders/rules.ts';
import { PROPOSAL_MIN_PRICE } from './schemas.ts';

/** Bodies of the negotiation (issue #44 item 4): request, counter-offer, refusal, staff's answer. */

const money = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(PROPOSAL_MIN_PRICE, { error: 'O valor precisa ser de pelo menos R$ 1,00.' })
    .max(5_000_000_000, { error: message });

const message = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Mensagem longa demais (até ${max} caracteres).` });

/** "Pedir proposta" on a cart or a plan: its lines, a message and the budget the customer aims at. */
export const proposalRequestSchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .min(1, { error: 'Inclua ao menos um local no pedido de proposta.' })
    .max(30, { error: 'Itens demais em um pedido de proposta (até 30).' }),
  message: message(1000).min(1, { error: 'Conte à equipe o que você precisa.' }),
  target_budget: money('Orçamento inválido.')
    .nullish()
    .transform((v) => v ?? null),
  /** An agency's person asks for one of its advertisers. */
  advertiser_id: z
    .uuid({ error: 'Anunciante não encontrado.' })
    .nullish()
    .transform((v) => v ?? null),
  source: z.enum(['carrinho', 'plano'], { error: 'Origem inválida.' }).default('carrinho'),
});
export type ProposalRequest = z.input<typeof proposalRequestSchema>;

/** The customer's counter-offer: a price for each line (in the proposal's order) or one total. */
export const proposalCounterSchema = z
  .object({
    message: message(1000).default(''),
    prices: z
      .array(money('Preço inválido.'))
      .min(1)
      .max(30)
      .nullish()
      .transform((v) => v ?? null),
    total: money('Total inválido.')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => (v.prices === null) !== (v.total === null), {
    error: 'Proponha um preço para cada local ou um valor total.',
    path: ['total'],
  });
export type ProposalCounter = z.input<typeof proposalCounterSchema>;

export const proposalDeclineSchema = z.object({
  reason: message(1000).min(3, { error: 'Diga à equipe por que você recusa a proposta.' }),
});

/** Staff's answer to a request or a counter-offer: each line's price (null: table price) and terms. */
export const proposalAnswerSchema = z.object({
  prices: z.array(money('Preço negociado inválido.').nullable()).min(1).max(30),
  discount: z.number().int().min(0, { error: 'Desconto inválido.' }).default(0),
  valid_until: inventoryDay('Data de validade inválida.'),
  note: message(1000).default(''),
  payment_method: z.enum(paymentMethods, { error: 'Forma de pagamento inválida.' }).default('pix'),
});
export type ProposalAnswer = z.input<typeof proposalAnswerSchema>;
