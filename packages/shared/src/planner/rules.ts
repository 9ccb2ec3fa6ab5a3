/**
 * The planner's choice (issue #23 item 2, docs/decisions/034-audience-and-planner.md): pure, so the
 * server computes it and the page re-totals an edited plan with the very same rules. Prices come
 * from `priceItem` (long-run discount per line) and audiences from `bookingAudience` (decision 022).
 */
import { bookingAudience, bookingCpm, isScreenType } from '../bookings.ts';
import { foldText } from '../catalog.ts';
import { priceItem, type PricingConfig } from '../orders/rules.ts';
import type { PlannerGoal, PlannerLine, PlannerProduct, PlannerTotals } from './schemas.ts';

/** A face with room in the weeks asked, as the server found it. */
export interface PlannerCandidate {
  productId: string;
  towerId: string;
  isTowerBased: boolean;
  dailyPrice: number;
  productWeeklyAudience: number;
  towerWeeklyAudience: number;
  /** A screen shares its audience among the spots of its loop (`bookingAudience`, issue #43). */
  isScreen: boolean;
  /** The face's slots: the spots of its loop on a screen. */
  slots: number;
  neighborhood: string;
  distanceKm: number;
}

export interface ScoredFace {
  candidate: PlannerCandidate;
  /** 1 = the lowest CPM of the free faces (then the nearest, then by id). */
  rank: number;
  /** Centavos for the period, this face alone. */
  price: number;
  audience: number;
  cpm: number | null;
  reason: string;
}

export interface PlanChoice {
  chosen: ScoredFace[];
  alternatives: ScoredFace[];
  cheapest: number | null;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function score(c: PlannerCandidate, weeks: number, pricing: PricingConfig) {
  const price = priceItem({ dailyPrice: c.dailyPrice, weeks, towerCount: 1 }, pricing).total;
  const audience = bookingAudience({
    isTowerBased: c.isTowerBased,
    isScreen: c.isScreen,
    productWeeklyAudience: c.productWeeklyAudience,
    chosenTowers: [{ weekly_audience: c.towerWeeklyAudience, slots: c.slots }],
    weeks,
  });
  return { price, audience, cpm: bookingCpm(price, audience) };
}

/** Lowest CPM first (a face without audience last), then the nearest, then by id: a total order. */
export function rankFaces(
  candidates: readonly PlannerCandidate[],
  weeks: number,
  pricing: PricingConfig,
): ScoredFace[] {
  const scored = candidates.map((candidate) => ({ candidate, ...score(candidate, weeks, pricing) }));
  scored.sort(
    (a, b) =>
      (a.cpm ?? Infinity) - (b.cpm ?? Infinity) ||
      a.candidate.distanceKm - b.candidate.distanceKm ||
      byId(a.candidate.productId, b.candidate.productId) ||
      byId(a.candidate.towerId, b.candidate.towerId),
  );
  const n = scored.length;
  return scored.map((s, i) => ({
    ...s,
    rank: i + 1,
    reason: `${i + 1}º menor custo por mil entre ${n} ${n === 1 ? 'face livre' : 'faces livres'}`,
  }));
}

const neighbourhoodOf = (c: PlannerCandidate) => c.neighborhood.trim() || 'Sem bairro';

/** Spread: the best face of each neighbourhood in turn (neighbourhoods by their best face), round by round. */
function spreadOrder(ranked: readonly ScoredFace[]): ScoredFace[] {
  const groups = new Map<string, ScoredFace[]>();
  // A capital has thousands of faces in a few dozen neighbourhoods: fold each name once.
  const folded = new Map<string, string>();
  for (const face of ranked) {
    const name = neighbourhoodOf(face.candidate);
    const key = folded.get(name) ?? folded.set(name, foldText(name)).get(name)!;
    const group = groups.get(key);
    if (group) group.push(face);
    else groups.set(key, [face]);
  }
  const lists = [...groups.values()];
  const order: ScoredFace[] = [];
  for (let round = 0; order.length < ranked.length; round++) {
    for (const list of lists) {
      const face = list[round];
      if (!face) continue;
      const place = neighbourhoodOf(face.candidate);
      order.push({
        ...face,
        reason:
          round === 0
            ? `Menor custo por mil em ${place}`
            : `${round + 1}ª face em ${place}, pelo custo por mil`,
      });
    }
  }
  return order;
}

/**
 * The plan: faces in the goal's order, each taken when it still fits the budget (the line's price is
 * re-computed with the face, so the long-run discount is counted exactly); the next best faces left out
 * are the alternatives. The same candidates give the same plan.
 */
export function choosePlan(
  candidates: readonly PlannerCandidate[],
  input: { budget: number; goal: PlannerGoal; weeks: number; pricing: PricingConfig },
  alternativesMax = 24,
): PlanChoice {
  const ranked = rankFaces(candidates, input.weeks, input.pricing);
  const order = input.goal === 'espalhar' ? spreadOrder(ranked) : ranked;
  const perProduct = new Map<string, number>();
  const linePrice = (c: PlannerCandidate, n: number) =>
    n === 0
      ? 0
      : priceItem({ dailyPrice: c.dailyPrice, weeks: input.weeks, towerCount: n }, input.pricing).total;
  let spent = 0;
  const chosen: ScoredFace[] = [];
  const taken = new Set<ScoredFace['candidate']>();
  for (const face of order) {
    const c = face.candidate;
    const n = perProduct.get(c.productId) ?? 0;
    const extra = linePrice(c, n + 1) - linePrice(c, n);
    if (spent + extra > input.budget) continue;
    spent += extra;
    perProduct.set(c.productId, n + 1);
    chosen.push(face);
    taken.add(c);
  }
  const alternatives = ranked.filter((f) => !taken.has(f.candidate)).slice(0, alternativesMax);
  const cheapest = ranked.length > 0 ? Math.min(...ranked.map((f) => f.price)) : null;
  return { chosen, alternatives, cheapest };
}

/** Chosen faces as cart lines: one per product, in the order of its first face; towers only on tower products. */
export function planLines(
  faces: ReadonlyArray<{ product_id: string; tower_id: string }>,
  products: ReadonlyMap<string, Pick<PlannerProduct, 'is_tower_based'>>,
  startDate: string,
  weeks: number,
): PlannerLine[] {
  const lines = new Map<string, PlannerLine>();
  for (const face of faces) {
    const line = lines.get(face.product_id) ?? { productId: face.product_id, towerIds: [], startDate, weeks };
    if (products.get(face.product_id)?.is_tower_based) line.towerIds.push(face.tower_id);
    lines.set(face.product_id, line);
  }
  return [...lines.values()];
}

/** Price, audience and CPM of a plan's lines, with what is left of the budget. */
export function planTotals(
  lines: readonly PlannerLine[],
  products: ReadonlyMap<
    string,
    Pick<PlannerProduct, 'type' | 'is_tower_based' | 'daily_price' | 'weekly_audience' | 'towers'>
  >,
  budget: number,
  pricing: PricingConfig,
): PlannerTotals {
  let price = 0;
  let audience = 0;
  for (const line of lines) {
    const p = products.get(line.productId);
    if (!p) continue;
    const towerCount = p.is_tower_based ? line.towerIds.length : 1;
    price += priceItem({ dailyPrice: p.daily_price, weeks: line.weeks, towerCount }, pricing).total;
    audience += bookingAudience({
      isTowerBased: p.is_tower_based,
      isScreen: isScreenType(p.type),
      productWeeklyAudience: p.weekly_audience,
      chosenTowers: p.is_tower_based
        ? p.towers.filter((t) => line.towerIds.includes(t.id))
        : p.towers.slice(0, 1),
      weeks: line.weeks,
    });
  }
  return { price, audience, cpm: bookingCpm(price, audience), left: budget - price };
}
