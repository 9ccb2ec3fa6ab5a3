import { describe, expect, it } from 'vitest';
import {
  bookingAudience,
  bookingCpm,
  bookingsSummary,
  bookingsOverlap,
  bookedPlays,
  bookedPlaysPerDay,
  deliveryPercent,
  isUnderDelivered,
  operatingSecondsPerDay,
  faceImpressions,
  loopSlots,
  loopsPerDay,
  playImpressions,
  playsImpressions,
  playsPerWeekOfLoop,
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

describe('booking audience (issue #16 item 3, issue #43 item 6)', () => {
  it('a static face: the chosen faces’ weekly audience times the weeks', () => {
    expect(
      bookingAudience({
        isTowerBased: false,
        isScreen: false,
        productWeeklyAudience: 5000,
        chosenTowers: [{ weekly_audience: 5000, slots: 1 }],
        weeks: 3,
      }),
    ).toBe(15000);
  });

  it('a screen: each chosen tower’s weekly audience shared by the spots of its loop', () => {
    expect(
      bookingAudience({
        isTowerBased: true,
        isScreen: true,
        productWeeklyAudience: 9000,
        chosenTowers: [
          { weekly_audience: 1000, slots: 4 },
          { weekly_audience: 2000, slots: 8 },
        ],
        weeks: 2,
      }),
    ).toBe(500 + 500);
  });

  it('the CPM rule on a 6-slot loop: one play = weekly ÷ plays per week, a booking = its plays × that', () => {
    // A 60 s loop of 10 s spots, on 17 hours a day: 1 020 loops a day, 6 spots each.
    const loop = { loopSeconds: 60, spotSeconds: 10, secondsPerDay: 17 * 3600 };
    expect(loopSlots(loop)).toBe(6);
    expect(loopsPerDay(loop)).toBe(1020);
    expect(playsPerWeekOfLoop(loop)).toBe(1020 * 7 * 6);
    expect(playImpressions(60_000, loop)).toBeCloseTo(60_000 / 42_840, 10);
    // One week of one spot: 7 140 plays, a sixth of the weekly audience.
    const plays = bookedPlays(loop, 7);
    expect(plays).toBe(7140);
    expect(playsImpressions(plays, 60_000, loop)).toBe(10_000);
    // The same booking priced R$ 7 000,00: R$ 700,00 per thousand, not the R$ 116,67 of the whole audience.
    const audience = bookingAudience({
      isTowerBased: false,
      isScreen: true,
      productWeeklyAudience: 60_000,
      chosenTowers: [{ weekly_audience: 60_000, slots: 6 }],
      weeks: 1,
    });
    expect(audience).toBe(10_000);
    expect(bookingCpm(700_000, audience)).toBe(70_000);
    expect(bookingCpm(700_000, faceImpressions({ weekly_audience: 60_000, slots: 1 }, false, 1))).toBe(
      11_667,
    );
    // Half the plays delivered: half the impressions.
    expect(playsImpressions(plays / 2, 60_000, loop)).toBe(5000);
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

describe('plays booked and delivered on a screen (issue #43 item 5)', () => {
  it('operating hours: a day, past midnight, or the whole day', () => {
    expect(operatingSecondsPerDay({ opens_at: '06:00', closes_at: '23:00' })).toBe(17 * 3600);
    expect(operatingSecondsPerDay({ opens_at: '18:00', closes_at: '02:00' })).toBe(8 * 3600);
    expect(operatingSecondsPerDay({ opens_at: '00:00', closes_at: '00:00' })).toBe(86_400);
  });

  it('plays booked a day = spots of the loop × whole loops in the operating hours', () => {
    // A 60 s loop of 10 s spots open 06:00–23:00: 1 020 loops; one spot plays 1 020 times, two 2 040.
    const loop = {
      loopSeconds: 60,
      spotSeconds: 10,
      secondsPerDay: operatingSecondsPerDay({ opens_at: '06:00', closes_at: '23:00' }),
    };
    expect(bookedPlaysPerDay(loop)).toBe(1020);
    expect(bookedPlaysPerDay(loop, 2)).toBe(2040);
    // A 70 s loop in 100 s: one whole loop only.
    expect(bookedPlaysPerDay({ loopSeconds: 70, spotSeconds: 10, secondsPerDay: 100 })).toBe(1);
  });

  it('the percentage is rounded down and the flag compares exactly with the threshold', () => {
    expect(deliveryPercent(1440, 1440)).toBe(100);
    expect(deliveryPercent(1000, 899)).toBe(89);
    expect(deliveryPercent(0, 5)).toBeNull();
    expect(isUnderDelivered(1000, 899, 90)).toBe(true);
    expect(isUnderDelivered(1000, 900, 90)).toBe(false);
    expect(isUnderDelivered(0, 0, 90)).toBe(false);
  });
});
