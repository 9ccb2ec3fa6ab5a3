import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPricing, priceItem } from '../orders/rules.ts';
import { choosePlan, planLines, planTotals, rankFaces, type PlannerCandidate } from './rules.ts';
import { plannerBudgetProblem, plannerMessages, plannerQuerySchema } from './schemas.ts';

const face = (over: Partial<PlannerCandidate> & { productId: string }): PlannerCandidate => ({
  towerId: `${over.productId}-t`,
  isTowerBased: false,
  dailyPrice: 10_000,
  productWeeklyAudience: 1000,
  towerWeeklyAudience: 0,
  isScreen: false,
  slots: 1,
  neighborhood: 'Centro',
  distanceKm: 1,
  ...over,
});

const candidateArb = fc.record({
  productId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
  towerId: fc.constantFrom('a', 'b', 'c'),
  isTowerBased: fc.boolean(),
  dailyPrice: fc.integer({ min: 0, max: 500_000 }),
  productWeeklyAudience: fc.integer({ min: 0, max: 200_000 }),
  towerWeeklyAudience: fc.integer({ min: 0, max: 50_000 }),
  isScreen: fc.boolean(),
  slots: fc.integer({ min: 1, max: 8 }),
  neighborhood: fc.constantFrom('Centro', 'Asa Sul', 'Asa Norte', ''),
  distanceKm: fc.integer({ min: 0, max: 300 }).map((d) => d / 10),
});
/** Distinct faces, and a product is a tower product or not for all of its faces. */
const candidatesArb = fc.array(candidateArb, { maxLength: 30 }).map((list) => {
  const seen = new Set<string>();
  const kind = new Map<string, boolean>();
  const screen = new Map<string, boolean>();
  return list
    .filter((c) => !seen.has(`${c.productId}/${c.towerId}`) && seen.add(`${c.productId}/${c.towerId}`))
    .map((c) => ({
      ...c,
      isTowerBased: kind.get(c.productId) ?? (kind.set(c.productId, c.isTowerBased), c.isTowerBased),
      isScreen: screen.get(c.productId) ?? (screen.set(c.productId, c.isScreen), c.isScreen),
    }))
    .filter((c, _, all) => c.isTowerBased || all.find((o) => o.productId === c.productId) === c);
});

function productsOf(candidates: PlannerCandidate[]) {
  const map = new Map<
    string,
    {
      type: 'torre' | 'outdoor';
      is_tower_based: boolean;
      daily_price: number;
      weekly_audience: number;
      towers: Array<{ id: string; name: string; screens: number; weekly_audience: number; slots: number }>;
    }
  >();
  for (const c of candidates) {
    const p = map.get(c.productId) ?? {
      type: c.isScreen ? ('torre' as const) : ('outdoor' as const),
      is_tower_based: c.isTowerBased,
      daily_price: c.dailyPrice,
      weekly_audience: c.productWeeklyAudience,
      towers: [],
    };
    p.towers.push({
      id: c.towerId,
      name: c.towerId,
      screens: 1,
      weekly_audience: c.towerWeeklyAudience,
      slots: c.slots,
    });
    map.set(c.productId, p);
  }
  return map;
}

describe('planner choice (issue #23 item 2)', () => {
  it('never spends more than the budget, with the long-run discount counted per line', () => {
    fc.assert(
      fc.property(
        candidatesArb,
        fc.integer({ min: 10_000, max: 20_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('impactos' as const, 'espalhar' as const),
        (raw, budget, weeks, goal) => {
          // One daily price per product, as the catalogue has.
          const price = new Map<string, number>();
          const candidates = raw.map((c) => ({
            ...c,
            dailyPrice: price.get(c.productId) ?? (price.set(c.productId, c.dailyPrice), c.dailyPrice),
          }));
          const plan = choosePlan(candidates, { budget, goal, weeks, pricing: defaultPricing });
          const products = productsOf(candidates);
          const lines = planLines(
            plan.chosen.map((f) => ({ product_id: f.candidate.productId, tower_id: f.candidate.towerId })),
            products,
            '2030-01-07',
            weeks,
          );
          const totals = planTotals(lines, products, budget, defaultPricing);
          expect(totals.price).toBeLessThanOrEqual(budget);
          expect(totals.left).toBe(budget - totals.price);
          // Same input, same plan.
          expect(choosePlan(candidates, { budget, goal, weeks, pricing: defaultPricing })).toEqual(plan);
          // Nothing left out would still fit alone when the plan is empty.
          if (plan.chosen.length === 0 && plan.cheapest !== null)
            expect(plan.cheapest).toBeGreaterThan(budget);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('"mais impactos" takes the lowest CPM first, the nearest on a tie, then by id', () => {
    const cheap = face({ productId: 'b', productWeeklyAudience: 10_000 });
    const near = face({ productId: 'z', productWeeklyAudience: 5000, distanceKm: 0.5 });
    const far = face({ productId: 'a', productWeeklyAudience: 5000, distanceKm: 2 });
    const twin = face({ productId: 'c', productWeeklyAudience: 5000, distanceKm: 2 });
    const ranked = rankFaces([far, twin, near, cheap], 1, defaultPricing);
    expect(ranked.map((f) => f.candidate.productId)).toEqual(['b', 'z', 'a', 'c']);
    expect(ranked[0]!.cpm).toBe(7000); // R$ 700 for 10,000 impacts: R$ 70,00 per thousand
    expect(ranked[0]!.reason).toBe('1º menor custo por mil entre 4 faces livres');
    // Budget for two faces: the two best.
    const plan = choosePlan([far, twin, near, cheap], {
      budget: 140_000,
      goal: 'impactos',
      weeks: 1,
      pricing: defaultPricing,
    });
    expect(plan.chosen.map((f) => f.candidate.productId)).toEqual(['b', 'z']);
    expect(plan.alternatives.map((f) => f.candidate.productId)).toEqual(['a', 'c']);
  });

  it('"espalhar" takes the best face of each neighbourhood before a second one anywhere', () => {
    const faces = [
      face({ productId: 'c1', neighborhood: 'Centro', productWeeklyAudience: 9000 }),
      face({ productId: 'c2', neighborhood: 'Centro', productWeeklyAudience: 8000 }),
      face({ productId: 'n1', neighborhood: 'Asa Norte', productWeeklyAudience: 1000 }),
      face({ productId: 's1', neighborhood: 'asa norte', productWeeklyAudience: 500 }),
      face({ productId: 'l1', neighborhood: 'Lago Sul', productWeeklyAudience: 2000 }),
    ];
    const budget = 3 * 70_000;
    const impacts = choosePlan(faces, { budget, goal: 'impactos', weeks: 1, pricing: defaultPricing });
    expect(impacts.chosen.map((f) => f.candidate.productId)).toEqual(['c1', 'c2', 'l1']);
    const spread = choosePlan(faces, { budget, goal: 'espalhar', weeks: 1, pricing: defaultPricing });
    expect(spread.chosen.map((f) => f.candidate.productId)).toEqual(['c1', 'l1', 'n1']);
    expect(spread.chosen[1]!.reason).toBe('Menor custo por mil em Lago Sul');
  });

  it('keeps going after a face that does not fit, for a cheaper one that does', () => {
    const dear = face({ productId: 'dear', dailyPrice: 100_000, productWeeklyAudience: 100_000 });
    const small = face({ productId: 'small', dailyPrice: 2000, productWeeklyAudience: 100 });
    const plan = choosePlan([dear, small], {
      budget: 20_000,
      goal: 'impactos',
      weeks: 1,
      pricing: defaultPricing,
    });
    expect(plan.chosen.map((f) => f.candidate.productId)).toEqual(['small']);
    expect(plan.cheapest).toBe(14_000);
  });

  it('groups the towers of one product in one cart line, priced like the cart', () => {
    const t1 = face({ productId: 'torre', towerId: 't1', isTowerBased: true, towerWeeklyAudience: 3000 });
    const t2 = face({ productId: 'torre', towerId: 't2', isTowerBased: true, towerWeeklyAudience: 2000 });
    const o = face({ productId: 'outdoor' });
    const products = productsOf([t1, t2, o]);
    const lines = planLines(
      [
        { product_id: 'torre', tower_id: 't1' },
        { product_id: 'outdoor', tower_id: 'outdoor-t' },
        { product_id: 'torre', tower_id: 't2' },
      ],
      products,
      '2030-01-07',
      12,
    );
    expect(lines).toEqual([
      { productId: 'torre', towerIds: ['t1', 't2'], startDate: '2030-01-07', weeks: 12 },
      { productId: 'outdoor', towerIds: [], startDate: '2030-01-07', weeks: 12 },
    ]);
    const totals = planTotals(lines, products, 5_000_000, defaultPricing);
    const expected =
      priceItem({ dailyPrice: 10_000, weeks: 12, towerCount: 2 }).total +
      priceItem({ dailyPrice: 10_000, weeks: 12, towerCount: 1 }).total;
    expect(totals.price).toBe(expected);
    expect(totals.audience).toBe((3000 + 2000 + 1000) * 12);
    expect(totals.cpm).toBe(Math.round((expected * 1000) / totals.audience));
  });
});

describe('planner query', () => {
  it("the budget's own check is the query's (the form shows it beside the field)", () => {
    expect(plannerBudgetProblem(9_999)).toBe(plannerMessages.budget);
    expect(plannerBudgetProblem(10_000)).toBeNull();
    expect(plannerBudgetProblem(5_000_000_000)).toBeNull();
    expect(plannerBudgetProblem(5_000_000_001)).toBe(plannerMessages.budgetMax);
    expect(plannerBudgetProblem(Number.NaN)).toBe(plannerMessages.budget);
    expect(plannerBudgetProblem(10_000.5)).toBe(plannerMessages.budget);
  });

  it('answers bad input in Portuguese', () => {
    const problem = (q: Record<string, string>) => plannerQuerySchema.safeParse(q).error?.issues[0]?.message;
    expect(problem({ orcamento: '50' })).toBe('Informe o orçamento em reais, a partir de R$ 100,00.');
    // Too big is said as too big, also past the safe integers.
    for (const orcamento of ['9999999999999999900', '100000000000'])
      expect(problem({ orcamento })).toBe('O orçamento passa do limite de um pedido (R$ 50.000.000,00).');
    expect(problem({ orcamento: '100000', semanas: '0' })).toBe('Escolha de 1 a 52 semanas.');
    expect(problem({ orcamento: '100000', tipos: 'outdoor,foguete' })).toBe('Tipo de mídia inválido.');
    expect(problem({ orcamento: '100000', objetivo: 'tudo' })).toBe(
      'Escolha o objetivo: mais impactos ou espalhar pelos bairros.',
    );
    expect(problem({ orcamento: '100000', norte: '1' })).toBe('Informe os quatro limites da área do mapa.');
    expect(plannerQuerySchema.parse({ orcamento: '100000', tipos: 'torre,outdoor,torre' }).tipos).toEqual([
      'outdoor',
      'torre',
    ]);
  });
});
