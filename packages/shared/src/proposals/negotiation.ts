import { z } from 'zod';

/**
 * The rounds of a negotiated proposal (issue #44 item 4, docs/decisions/108-negotiated-proposals.md):
 * the customer's request, each offer of staff, each counter-offer, and the acceptance or the refusal.
 */
export const proposalRoundKinds = ['pedido', 'proposta', 'contraproposta', 'aceite', 'recusa'] as const;
export type ProposalRoundKind = (typeof proposalRoundKinds)[number];
export const proposalRoundLabels: Record<ProposalRoundKind, string> = {
  pedido: 'Pedido de proposta',
  proposta: 'Proposta da equipe',
  contraproposta: 'Contraproposta',
  aceite: 'Aceite',
  recusa: 'Recusa',
};
export const proposalRoundSides = ['cliente', 'equipe'] as const;

export const proposalRoundSchema = z.object({
  position: z.number(),
  kind: z.enum(proposalRoundKinds),
  /** Who spoke: the customer's side or Urbana's staff, by name. */
  side: z.enum(proposalRoundSides),
  actor_name: z.string(),
  message: z.string(),
  /** The price of each line (in the proposal's order) this round names, in centavos; null: none. */
  prices: z.array(z.number()).nullable(),
  /** The total this round names: an offer's total, a counter-offer's, or the request's target budget. */
  total: z.number().nullable(),
  /** An offer's last day. */
  valid_until: z.string().nullable(),
  created_at: z.string(),
});
export type ProposalRound = z.infer<typeof proposalRoundSchema>;
