import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spreadTotal } from './spread.ts';

describe('spreadTotal', () => {
  it('spreads in proportion to the prices, the centavos left to the largest remainders', () => {
    // 1000 over 1:1:1 → 333.33 each: the one centavo left goes to the first line (a tie).
    expect(spreadTotal(1000, [500, 500, 500])).toEqual([334, 333, 333]);
    // 100 over 1:2 → 33.3 and 66.6: the larger remainder is the second line's.
    expect(spreadTotal(100, [100, 200])).toEqual([33, 67]);
    expect(spreadTotal(80_000, [60_000, 40_000])).toEqual([48_000, 32_000]);
  });

  it('keeps each line within its cap and spreads the rest over the others', () => {
    // The second line's share (1200 of 1800 × 1500/…) would pass its table price of 1000.
    expect(spreadTotal(1800, [500, 1000], [800, 1000])).toEqual([800, 1000]);
    expect(spreadTotal(1500, [100, 900], [1000, 1000])).toEqual([500, 1000]);
  });

  it('spreads by the caps when every price is zero, and gives nothing to a line capped at zero', () => {
    expect(spreadTotal(300, [0, 0], [100, 200])).toEqual([100, 200]);
    expect(spreadTotal(300, [100, 100], [0, 500])).toEqual([0, 300]);
  });

  it('always sums to the total, in whole centavos, within the caps, and is the same every time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 50_000_000 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, fraction) => {
          const caps = lines.map(([cap]) => cap);
          const weights = lines.map(([cap, w]) => Math.min(cap, w));
          const capSum = caps.reduce((s, c) => s + c, 0);
          const total = Math.floor(capSum * fraction);
          const prices = spreadTotal(total, weights, caps);
          expect(prices.reduce((s, p) => s + p, 0)).toBe(total);
          prices.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(caps[i]!);
          });
          expect(spreadTotal(total, weights, caps)).toEqual(prices);
        },
      ),
    );
  });
});
