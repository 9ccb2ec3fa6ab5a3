import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  defaultPricing,
  periodEnd,
  planTotals,
  plannerResponseSchema,
  type PlannerResponse,
} from '@urbana/shared';
import { products, reservations, towers } from '../src/db/schema/index.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

let ctx: TestContext;
const C = { lat: -15.7939, lng: -47.8828 };
const S = '2030-01-07'; // a Monday, far beyond the lead time
const faces: Array<{ towerId: string; productId: string; slots: number; lat: number; lng: number }> = [];

/** Twelve products in four neighbourhoods: outdoors (one face) and towers (two or three faces). */
async function seed() {
  const hoods = ['Asa Sul', 'Asa Norte', 'Lago Sul', 'Sudoeste'];
  for (let i = 0; i < 12; i++) {
    const tower = i % 3 === 0;
    const lat = C.lat + (i % 4) * 0.01;
    const lng = C.lng + Math.floor(i / 4) * 0.01;
    const [p] = await ctx.database.db
      .insert(products)
      .values({
        slug: `plano-${i}`,
        name: `Plano ${i}`,
        type: tower ? 'torre' : 'outdoor',
        neighborhood: hoods[i % 4]!,
        city: 'Brasília',
        state: 'DF',
        latitude: lat,
        longitude: lng,
        daily_price: 3000 + ((i * 7919) % 20) * 1000,
        weekly_audience: 5000 + ((i * 104729) % 30) * 1000,
        is_tower_based: tower,
      })
      .returning();
    const rows = await ctx.database.db
      .insert(towers)
      .values(
        Array.from({ length: tower ? 2 + (i % 2) : 1 }, (_, k) => ({
          product_id: p!.id,
          name: `Face ${k + 1}`,
          weekly_audience: tower ? 2000 + k * 1500 : 0,
          slots: 1 + ((i + k) % 2),
        })),
      )
      .returning();
    for (const t of rows) faces.push({ towerId: t.id, productId: p!.id, slots: t.slots, lat, lng });
  }
}

const plan = async (query: string) => {
  const res = await inject(ctx, { method: 'GET', url: `/api/planner?${query}` });
  return { status: res.statusCode, body: res.json() as PlannerResponse & { message?: string } };
};

/** A face has a slot with no active booking overlapping [start, end): what a checkout would take. */
async function freeSlot(towerId: string, start: string, end: string) {
  const r = await ctx.database.db.execute(sql`
    select s.slot from tower_slots s where s.tower_id = ${towerId}
      and not exists (select 1 from reservations r where r.tower_id = s.tower_id and r.slot = s.slot
        and r.status <> 'liberada' and (r.hold_expires_at is null or r.hold_expires_at > now())
        and daterange(r.starts_on, r.ends_on) && daterange(${start}::date, ${end}::date))
    limit 1`);
  return r.rows.length > 0;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
  await seed();
}, 60_000);
afterAll(async () => ctx?.close());

const bookingArb = fc.record({
  face: fc.nat({ max: 1000 }),
  slot: fc.integer({ min: 1, max: 2 }),
  week: fc.integer({ min: -3, max: 6 }),
  weeks: fc.integer({ min: 1, max: 4 }),
  kind: fc.constantFrom('confirmada', 'pendente', 'vencida', 'liberada'),
});

type Booking = typeof bookingArb extends fc.Arbitrary<infer T> ? T : never;

async function book(list: Booking[]) {
  await ctx.database.db.delete(reservations);
  for (const b of list) {
    const f = faces[b.face % faces.length]!;
    if (b.slot > f.slots) continue;
    const future = new Date(Date.now() + 3_600_000);
    const past = new Date(Date.now() - 3_600_000);
    // Overlaps on one slot are refused by the exclusion constraint: skip those, as a checkout would.
    await ctx.database.db
      .insert(reservations)
      .values({
        tower_id: f.towerId,
        product_id: f.productId,
        latitude: f.lat,
        longitude: f.lng,
        slot: b.slot,
        starts_on: addDays(S, b.week * 7),
        ends_on: addDays(S, (b.week + b.weeks) * 7),
        status: b.kind === 'vencida' ? 'pendente' : b.kind,
        hold_expires_at: b.kind === 'pendente' ? future : b.kind === 'vencida' ? past : null,
      })
      .onConflictDoNothing();
  }
}

describe('planner (issue #23 item 2)', () => {
  it('keeps within the budget, books only faces with room in the weeks, and answers the same twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(bookingArb, { maxLength: 25 }),
        fc.integer({ min: 10_000, max: 3_000_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('impactos', 'espalhar'),
        fc.subarray(['torre', 'outdoor']),
        async (bookings, budget, weeks, goal, types) => {
          await book(bookings);
          const query = `orcamento=${budget}&local=Brasília&raio=10&inicio=${S}&semanas=${weeks}&objetivo=${goal}&tipos=${types.join(',')}`;
          const first = await plan(query);
          expect(first.status).toBe(200);
          const body = plannerResponseSchema.parse(first.body);
          expect(body.totals.price).toBeLessThanOrEqual(budget);
          const byId = new Map(body.products.map((p) => [p.id, p]));
          expect(planTotals(body.lines, byId, budget, defaultPricing)).toEqual(body.totals);
          for (const face of body.chosen) {
            expect(await freeSlot(face.tower_id, S, periodEnd(S, weeks))).toBe(true);
            if (types.length > 0) expect(types).toContain(byId.get(face.product_id)!.type);
          }
          // Every free face the budget could still afford was weighed: an empty plan means none fits.
          if (body.chosen.length === 0 && body.cheapest !== null)
            expect(body.cheapest).toBeGreaterThan(budget);
          const second = await plan(query);
          expect(second.body).toEqual(first.body);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('answers a plan a visitor can put in the cart: lines of product, towers and period', async () => {
    await ctx.database.db.delete(reservations);
    const { status, body } = await plan(`orcamento=100000000&local=Brasília&inicio=${S}&semanas=2`);
    expect(status).toBe(200);
    expect(body.available).toBe(body.considered);
    expect(body.chosen.length).toBe(body.available);
    for (const line of body.lines) {
      expect(line).toMatchObject({ startDate: S, weeks: 2 });
      const product = body.products.find((p) => p.id === line.productId)!;
      expect(line.towerIds.length > 0).toBe(product.is_tower_based);
    }
    expect(body.chosen[0]!.reason).toMatch(/^1º menor custo por mil entre \d+ faces livres$/);
  });

  it('refuses bad input with a message in Portuguese', async () => {
    expect(await plan('orcamento=10')).toMatchObject({
      status: 400,
      body: { message: 'Informe o orçamento em reais, a partir de R$ 100,00.' },
    });
    expect((await plan('orcamento=100000&semanas=99')).body.message).toBe('Escolha de 1 a 52 semanas.');
    expect((await plan('orcamento=100000&tipos=nave')).body.message).toBe('Tipo de mídia inválido.');
    expect((await plan('orcamento=100000&local=Atlântida do Norte')).body).toEqual({
      message: 'Não encontramos esse local. Escolha uma cidade da lista.',
    });
    expect((await plan('orcamento=100000&norte=1&sul=2&leste=3&oeste=1')).body.message).toBe(
      'Limites da área do mapa inválidos.',
    );
  });
});
