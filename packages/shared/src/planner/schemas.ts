import { z } from 'zod';
import { isStartDate, productTypes } from '../catalog.ts';
import { DEFAULT_BOOKING_WEEKS } from '../search-options.ts';
import { MAX_ORDER_TOTAL } from '../orders/rules.ts';

/**
 * The planner (/planejar, issue #23 item 2, docs/decisions/034-audience-and-planner.md): a budget, an
 * area, a period, media types and a goal in; a plan of faces with room out.
 */

export const plannerGoals = ['impactos', 'espalhar'] as const;
export type PlannerGoal = (typeof plannerGoals)[number];
export const plannerGoalLabels: Record<PlannerGoal, string> = {
  impactos: 'Mais impactos',
  espalhar: 'Espalhar pelos bairros',
};

/** R$ 100,00: less than a week of the cheapest face buys nothing worth planning. */
export const PLANNER_MIN_BUDGET = 10_000;
export const PLANNER_WEEKS_MAX = 52;
export const PLANNER_RADIUS_MAX = 100;
/** Faces offered beside the plan, for adding or swapping. */
export const PLANNER_ALTERNATIVES = 24;

export const plannerMessages = {
  budget: 'Informe o orçamento em reais, a partir de R$ 100,00.',
  budgetMax: 'O orçamento passa do limite de um pedido (R$ 50.000.000,00).',
  weeks: `Escolha de 1 a ${PLANNER_WEEKS_MAX} semanas.`,
  radius: `O raio deve ficar entre 1 e ${PLANNER_RADIUS_MAX} km.`,
  start: 'Data de início inválida.',
  types: 'Tipo de mídia inválido.',
  goal: 'Escolha o objetivo: mais impactos ou espalhar pelos bairros.',
  bounds: 'Informe os quatro limites da área do mapa.',
  badBounds: 'Limites da área do mapa inválidos.',
  place: 'Não encontramos esse local. Escolha uma cidade da lista.',
} as const;

const num = (message: string) =>
  z.coerce.number({ error: message }).refine(Number.isFinite, { error: message });

/** GET /api/planner: the query (also the address of /planejar, with the budget in reais there). */
export const plannerQuerySchema = z
  .object({
    /** Centavos. */
    // The limit first: a budget of seventeen nines said "a partir de R$ 100,00" (its integer check
    // failed first, being past the safe integers) when what is wrong is that it is too big.
    orcamento: z.coerce
      .number({ error: plannerMessages.budget })
      .max(MAX_ORDER_TOTAL, { error: plannerMessages.budgetMax, abort: true })
      .int({ error: plannerMessages.budget })
      .min(PLANNER_MIN_BUDGET, { error: plannerMessages.budget }),
    local: z.string().trim().max(120, { error: 'Local longo demais.' }).optional(),
    raio: num(plannerMessages.radius)
      .pipe(
        z
          .number()
          .min(1, { error: plannerMessages.radius })
          .max(PLANNER_RADIUS_MAX, { error: plannerMessages.radius }),
      )
      .default(15),
    norte: num(plannerMessages.badBounds).optional(),
    sul: num(plannerMessages.badBounds).optional(),
    leste: num(plannerMessages.badBounds).optional(),
    oeste: num(plannerMessages.badBounds).optional(),
    inicio: z.string().refine(isStartDate, { error: plannerMessages.start }).optional(),
    semanas: z.coerce
      .number({ error: plannerMessages.weeks })
      .int({ error: plannerMessages.weeks })
      .min(1, { error: plannerMessages.weeks })
      .max(PLANNER_WEEKS_MAX, { error: plannerMessages.weeks })
      .default(DEFAULT_BOOKING_WEEKS),
    /** Comma-separated media types; none means every type. */
    tipos: z
      .string()
      .max(200, { error: plannerMessages.types })
      .transform((v) => [...new Set(v.split(',').filter(Boolean))].sort())
      .pipe(z.array(z.enum(productTypes, { error: plannerMessages.types })))
      .default([]),
    objetivo: z.enum(plannerGoals, { error: plannerMessages.goal }).default('impactos'),
  })
  .superRefine((q, ctx) => {
    const bounds = [q.norte, q.sul, q.leste, q.oeste];
    if (bounds.some((b) => b !== undefined)) {
      if (bounds.some((b) => b === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['norte'], message: plannerMessages.bounds });
      } else if (
        q.norte! <= q.sul! ||
        q.norte! > 90 ||
        q.sul! < -90 ||
        q.leste! > 180 ||
        q.oeste! < -180 ||
        q.leste! <= q.oeste!
      ) {
        ctx.addIssue({ code: 'custom', path: ['norte'], message: plannerMessages.badBounds });
      }
    }
  });
export type PlannerQuery = z.output<typeof plannerQuerySchema>;

/**
 * The budget's problem (centavos), or null: the API's own check, which /planejar's form shows beside
 * its budget field before asking for a plan.
 */
export function plannerBudgetProblem(centavos: number): string | null {
  const checked = plannerQuerySchema.shape.orcamento.safeParse(centavos);
  return checked.success ? null : (checked.error.issues[0]?.message ?? plannerMessages.budget);
}

/** One face the planner weighs: a tower of a tower product, or a product's single face. */
export const plannerFaceSchema = z.object({
  product_id: z.string(),
  tower_id: z.string(),
  /** The tower's name on a tower product; null for a single-face product. */
  tower_name: z.string().nullable(),
  neighborhood: z.string(),
  distance_km: z.number(),
  weekly_audience: z.number(),
  /** Centavos for the period, this face alone (after the long-run discount). */
  price: z.number(),
  /** Impacts in the period (`bookingAudience`). */
  audience: z.number(),
  /** Centavos per thousand impacts (`bookingCpm`); null without an audience. */
  cpm: z.number().nullable(),
  /** Why it is in the plan (or where it ranks), in a sentence. */
  reason: z.string(),
});
export type PlannerFace = z.infer<typeof plannerFaceSchema>;

export const plannerProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  city: z.string(),
  state: z.string(),
  neighborhood: z.string(),
  daily_price: z.number(),
  weekly_audience: z.number(),
  is_tower_based: z.boolean(),
  photo: z.string().nullable(),
  towers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      screens: z.number(),
      weekly_audience: z.number(),
      slots: z.number(),
    }),
  ),
});
export type PlannerProduct = z.infer<typeof plannerProductSchema>;

/** A plan line as the cart holds it (and as a saved plan stores it): product + towers + period. */
export const plannerLineSchema = z.object({
  productId: z.string(),
  /** The chosen towers of a tower product; empty for a single-face product. */
  towerIds: z.array(z.string()),
  startDate: z.string(),
  weeks: z.number(),
});
export type PlannerLine = z.infer<typeof plannerLineSchema>;

export const plannerTotalsSchema = z.object({
  price: z.number(),
  audience: z.number(),
  cpm: z.number().nullable(),
  /** Budget minus price: negative when an edit went over. */
  left: z.number(),
});
export type PlannerTotals = z.infer<typeof plannerTotalsSchema>;

export const plannerResponseSchema = z.object({
  center: z.object({ lat: z.number(), lng: z.number(), label: z.string() }),
  budget: z.number(),
  goal: z.enum(plannerGoals),
  start: z.string(),
  weeks: z.number(),
  /** Faces in the area and types, and how many of them have room in the weeks. */
  considered: z.number(),
  available: z.number(),
  /** The cheapest free face's price for the period (null when none is free). */
  cheapest: z.number().nullable(),
  chosen: z.array(plannerFaceSchema),
  alternatives: z.array(plannerFaceSchema),
  products: z.array(plannerProductSchema),
  lines: z.array(plannerLineSchema),
  totals: plannerTotalsSchema,
});
export type PlannerResponse = z.infer<typeof plannerResponseSchema>;
