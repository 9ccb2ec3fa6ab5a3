import { z } from 'zod';
import { inventoryDay } from '../inventory/schemas.ts';
import { advertiserChoiceSchema, advertiserRefSchema } from '../agencies/schemas.ts';

/**
 * Named media plans (issue #23 item 3, docs/decisions/035-named-plans-and-share-links.md): a saved cart
 * or planner result, re-priced on opening, shared read-only through an unguessable link.
 */

export const PLAN_NAME_MAX = 120;
export const MAX_PLANS_PER_ACCOUNT = 100;
export const MAX_PLAN_LINES = 100;

export const planMessages = {
  notFound: 'Plano não encontrado.',
  sharedNotFound: 'Este link de plano não existe ou foi revogado.',
  nameRequired: 'Dê um nome ao plano.',
  nameTooLong: `O nome do plano pode ter até ${PLAN_NAME_MAX} caracteres.`,
  empty: 'O plano precisa de pelo menos um local.',
  tooManyLines: `Um plano aceita até ${MAX_PLAN_LINES} locais.`,
  tooMany: `Você já tem ${MAX_PLANS_PER_ACCOUNT} planos. Exclua um antes de criar outro.`,
  noDatedLines: 'Escolha a data de início de cada item do carrinho antes de salvar o plano.',
  saved: 'Plano salvo',
  renamed: 'Plano renomeado',
  duplicated: 'Plano duplicado',
  deleted: 'Plano excluído',
  shared: 'Link de compartilhamento criado',
  revoked: 'Link revogado: quem o tiver não verá mais o plano',
  badTower: (name: string) => `Torre inválida em ${name}.`,
  copyName: (name: string) => `${name} (cópia)`.slice(0, PLAN_NAME_MAX),
} as const;

/** A real calendar day ("2026-02-30" is refused, not rolled over). */
const day = inventoryDay('Data de início inválida.');

/** One line of a plan: the same shape as a cart line and a planner result (p23a). */
export const planLineSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido.' }),
  towerIds: z
    .array(z.uuid({ error: 'Torre inválida.' }))
    .max(1000)
    .default([]),
  startDate: day,
  weeks: z.number().int().min(1).max(104),
});
export type PlanLine = z.infer<typeof planLineSchema>;

const planName = z
  .string({ error: planMessages.nameRequired })
  .trim()
  .min(1, { error: planMessages.nameRequired })
  .max(PLAN_NAME_MAX, { error: planMessages.nameTooLong });

export const planCreateBodySchema = z.object({
  name: planName,
  /** An agency's plan: the advertiser it is for (decision 116). */
  advertiser_id: advertiserChoiceSchema.optional(),
  lines: z
    .array(planLineSchema)
    .min(1, { error: planMessages.empty })
    .max(MAX_PLAN_LINES, { error: planMessages.tooManyLines }),
});
export type PlanCreateBody = z.infer<typeof planCreateBodySchema>;

/** PATCH /api/planos/:id: a new name, the advertiser (an agency's plan), or both. */
export const planRenameBodySchema = z
  .object({ name: planName.optional(), advertiser_id: advertiserChoiceSchema.optional() })
  .refine((v) => v.name !== undefined || v.advertiser_id !== undefined, {
    error: planMessages.nameRequired,
    path: ['name'],
  });
export const planIdParamsSchema = z.object({ id: z.uuid({ error: planMessages.notFound }) });
/** Share tokens are 32 url-safe characters (24 random bytes); anything else is simply not found. */
export const planTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: planMessages.sharedNotFound }),
});

/** What changed on a line since the plan was saved, in the order the screen lists them. */
export const planChangeKinds = ['preco_subiu', 'preco_caiu', 'indisponivel', 'desativado'] as const;
export type PlanChangeKind = (typeof planChangeKinds)[number];
export const planChangeLabels: Record<PlanChangeKind, string> = {
  preco_subiu: 'Preço subiu',
  preco_caiu: 'Preço caiu',
  indisponivel: 'Face não está mais disponível',
  desativado: 'Local desativado',
};

export const planLineViewSchema = z.object({
  productId: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  is_tower_based: z.boolean(),
  /** False once staff deactivated the product: nothing else on the line can be booked. */
  active: z.boolean(),
  available: z.boolean(),
  start: z.string(),
  end: z.string(),
  weeks: z.number().int(),
  daily_price: z.number().int(),
  towers: z.array(
    z.object({ id: z.string(), name: z.string(), weekly_audience: z.number().int(), free: z.boolean() }),
  ),
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
  total: z.number().int(),
  audience: z.number().int(),
  cpm: z.number().int().nullable(),
  /** The line's total when the plan was saved (or last re-saved). */
  saved_total: z.number().int(),
  changes: z.array(z.enum(planChangeKinds)),
});
export type PlanLineView = z.infer<typeof planLineViewSchema>;

export const planTotalsSchema = z.object({
  total: z.number().int(),
  saved_total: z.number().int(),
  audience: z.number().int(),
  cpm: z.number().int().nullable(),
});

export const planSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  line_count: z.number().int(),
  saved_total: z.number().int(),
  shared: z.boolean(),
  /** An agency's plan: the advertiser it is for; null otherwise (decision 116). */
  advertiser: advertiserRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planListSchema = z.object({ plans: z.array(planSummarySchema) });

export const planDetailSchema = planSummarySchema.extend({
  share_token: z.string().nullable(),
  lines: z.array(planLineViewSchema),
  totals: planTotalsSchema,
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

/** Urbana's commercial contact, printed on the shared page and its PDF. */
export const companyContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
});

export const sharedPlanSchema = z.object({
  name: z.string(),
  /** Who prepared it: the owner's name and company, never their e-mail (the link is public). */
  prepared_by: z.string(),
  updated_at: z.string(),
  lines: z.array(planLineViewSchema.omit({ saved_total: true, changes: true })),
  totals: planTotalsSchema.omit({ saved_total: true }),
  contact: companyContactSchema,
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;

export const planShareSchema = z.object({ share_token: z.string().nullable() });
