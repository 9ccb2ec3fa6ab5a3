import { describe, expect, it } from 'vitest';
import { bookingLastDay, formatBookingPeriod, formatBookingRange, periodEnd } from './catalog.ts';

describe('booking period (decision 021)', () => {
  it('ends on an inclusive last day, the day before the half-open end', () => {
    expect(bookingLastDay('2026-12-09', 2)).toBe('2026-12-22');
    expect(periodEnd('2026-12-09', 2)).toBe('2026-12-23');
    expect(bookingLastDay('2026-12-30', 1)).toBe('2027-01-05');
  });

  it('is written one way: "de … até …"', () => {
    expect(formatBookingPeriod('2026-12-09', 2)).toBe('de 09/12/2026 até 22/12/2026');
    expect(formatBookingRange('2026-12-09', '2026-12-23')).toBe('de 09/12/2026 até 22/12/2026');
  });
});
