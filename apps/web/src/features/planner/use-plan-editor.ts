import { useMemo, useState } from 'react';
import {
  defaultPricing,
  planLines,
  planTotals,
  type PlannerFace,
  type PlannerResponse,
  type PricingConfig,
} from '@urbana/shared';
import type { AddToCartInput } from '../cart/index.ts';

export const faceKey = (f: Pick<PlannerFace, 'product_id' | 'tower_id'>) => `${f.product_id}/${f.tower_id}`;

/**
 * The plan as the advertiser edits it (remove, add, swap a face), re-totalled with the same shared
 * rules the server used, and its lines in the cart's shape (issue #23 item 2).
 */
export function usePlanEditor(data: PlannerResponse, pricing: PricingConfig = defaultPricing) {
  const [faces, setFaces] = useState<PlannerFace[]>(data.chosen);
  const [swapping, setSwapping] = useState<PlannerFace | null>(null);
  const products = useMemo(() => new Map(data.products.map((p) => [p.id, p])), [data]);
  const chosen = new Set(faces.map(faceKey));
  // Every face the answer named, in the server's order of merit, that is not in the plan now.
  const others = [...data.chosen, ...data.alternatives]
    .filter((f, i, all) => all.findIndex((o) => faceKey(o) === faceKey(f)) === i)
    .filter((f) => !chosen.has(faceKey(f)))
    .sort((a, b) => (a.cpm ?? Infinity) - (b.cpm ?? Infinity) || a.distance_km - b.distance_km);
  const lines = planLines(faces, products, data.start, data.weeks);
  const totals = planTotals(lines, products, data.budget, pricing);

  const remove = (face: PlannerFace) => {
    setFaces((list) => list.filter((f) => faceKey(f) !== faceKey(face)));
    if (swapping && faceKey(swapping) === faceKey(face)) setSwapping(null);
  };
  const add = (face: PlannerFace) => {
    if (swapping) {
      const out = faceKey(swapping);
      setFaces((list) => list.map((f) => (faceKey(f) === out ? face : f)));
      setSwapping(null);
    } else setFaces((list) => [...list, face]);
  };

  const cartInputs = (): AddToCartInput[] =>
    lines.map((line) => {
      const p = products.get(line.productId)!;
      return {
        product_id: p.id,
        name: p.name,
        slug: p.slug,
        image: p.photo,
        type: p.type,
        city: p.city,
        state: p.state,
        daily_price: p.daily_price,
        weeks: line.weeks,
        startDate: line.startDate,
        selectedTowers: line.towerIds,
        isTowerBased: p.is_tower_based,
        towers: p.towers,
      };
    });

  return { faces, others, lines, totals, products, swapping, setSwapping, remove, add, cartInputs };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;
