import { describe, expect, it } from 'vitest';
import {
  bookingAudience,
  bookingCpm,
  bookingsSummary,
  bookingsOverlap,
  firstOverlapIndex,
  periodsOverlap,
} from './bookings.ts';

const line = (start: string, weeks: number, towerIds: string[] = [], productId = 'p1') => ({
  productId,
  towerIds,
  start,
  weeks,
});

describe('booking overlap (issue #16 item 2)', () => {
  it('periods share a day only inside the half-open range', () => {
    expect(periodsOverlap(line('2026-12-09', 2), line('2026-12-22', 1))).toBe(true);
    expect(periodsOverlap(line('2026-12-09', 2), line('2026-12-23', 1))).toBe(false);
    expect(periodsOverlap(line('2026-12-16', 1), line('2026-12-09', 1))).toBe(false);
  });

  it('the same face is the same product with a tower in common (empty = every tower)', () => {
    expect(bookingsOverlap(line('2026-12-09', 2, ['a']), line('2026-12-16', 1, ['a', 'b']))).toBe(true);
    expect(bookingsOverlap(line('2026-12-09', 2, ['a']), line('2026-12-16', 1, ['b']))).toBe(false);
    expect(bookingsOverlap(line('2026-12-09', 2), line('2026-12-16', 1, ['b']))).toBe(true);
    expect(bookingsOverlap(line('2026-12-09', 2), line('2026-12-09', 2, [], 'p2'))).toBe(false);
  });

  it('finds the earlier line a line repeats', () => {
    const lines = [line('2026-12-09', 2), line('2027-01-06', 1), line('2026-12-16', 1)];
    expect(firstOverlapIndex(lines, 1)).toBe(-1);
    expect(firstOverlapIndex(lines, 2)).toBe(0);
  });
});

describe('booking audience (issue #16 item 3)', () => {
  it('is the chosen towers’ weekly audience times the weeks', () => {
    expect(
      bookingAudience({
        isTowerBased: true,
        productWeeklyAudience: 9000,
        chosenTowerAudiences: [1000, 2000],
        weeks: 2,
      }),
    ).toBe(6000);
    expect(
      bookingAudience({
        isTowerBased: false,
        productWeeklyAudience: 5000,
        chosenTowerAudiences: [],
        weeks: 3,
      }),
    ).toBe(15000);
  });

  it('CPM is the price per thousand impacts', () => {
    expect(bookingCpm(60_000, 6000)).toBe(10_000);
    expect(bookingCpm(100, 0)).toBeNull();
  });
});

describe('audience and CPM of several bookings (issue #23 item 1)', () => {
  it('is the summed totals over the summed audience, not an average of CPMs', () => {
    const s = bookingsSummary([
      { total: 100_000, audience: 10_000 }, // CPM R$ 100,00
      { total: 100_000, audience: 90_000 }, // CPM R$ 11,11
    ]);
    expect(s).toEqual({ audience: 100_000, cpm: 2000 });
    expect(bookingsSummary([])).toEqual({ audience: 0, cpm: null });
    expect(bookingsSummary([{ total: 5000, audience: 0 }]).cpm).toBeNull();
  });
});
