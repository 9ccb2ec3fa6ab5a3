import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agencyFigures, certificateValidOn, storedFigures } from './commission.ts';

describe('certificateValidOn', () => {
  const confirmed = { confirmed_at: '2026-01-10T12:00:00Z', cenp_valid_until: '2026-12-31' };
  it('holds up to and including the last valid day', () => {
    expect(certificateValidOn(confirmed, '2026-12-30')).toBe(true);
    expect(certificateValidOn(confirmed, '2026-12-31')).toBe(true);
    expect(certificateValidOn(confirmed, '2027-01-01')).toBe(false);
  });
  it('needs staff to have confirmed it and a certificate at all', () => {
    expect(certificateValidOn({ ...confirmed, confirmed_at: null }, '2026-06-01')).toBe(false);
    expect(certificateValidOn({ ...confirmed, cenp_valid_until: null }, '2026-06-01')).toBe(false);
    expect(certificateValidOn(null, '2026-06-01')).toBe(false);
  });
  it('reads a timestamp-shaped validity by its day', () => {
    expect(
      certificateValidOn({ ...confirmed, cenp_valid_until: '2026-12-31T00:00:00.000Z' }, '2026-12-31'),
    ).toBe(true);
  });
});

describe('agencyFigures', () => {
  it('takes the coupon before the commission (decision 098)', () => {
    // R$ 1.000,00 of lines, R$ 100,00 coupon: gross 900, 20 % of it 180, net 720.
    expect(agencyFigures({ lines: 100_000, couponDiscount: 10_000, certified: true, percent: 20 })).toEqual({
      gross: 90_000,
      commission: 18_000,
      net: 72_000,
      percent: 20,
    });
  });
  it('gives no commission without a valid certificate', () => {
    expect(agencyFigures({ lines: 100_000, couponDiscount: 0, certified: false, percent: 20 })).toEqual({
      gross: 100_000,
      commission: 0,
      net: 100_000,
      percent: null,
    });
  });
  it('rounds the commission half up to the centavo', () => {
    expect(agencyFigures({ lines: 12_345, couponDiscount: 0, certified: true, percent: 20 }).commission).toBe(
      2469,
    );
    expect(agencyFigures({ lines: 2, couponDiscount: 0, certified: true, percent: 25 }).commission).toBe(1);
  });
  it('always adds up: net + commission = gross, never below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 5_000_000_000 }),
        fc.boolean(),
        fc.integer({ min: 20, max: 50 }),
        (lines, coupon, certified, percent) => {
          const f = agencyFigures({ lines, couponDiscount: coupon, certified, percent });
          expect(f.net + f.commission).toBe(f.gross);
          expect(f.net).toBeGreaterThanOrEqual(0);
          expect(f.gross).toBe(Math.max(0, lines - coupon));
          if (!certified) expect(f.commission).toBe(0);
        },
      ),
    );
  });
  it('reads back from a stored order the same figures', () => {
    const f = agencyFigures({ lines: 333_333, couponDiscount: 3_333, certified: true, percent: 20 });
    expect(
      storedFigures({ total: f.net, agency_commission: f.commission, agency_commission_percent: 20 }),
    ).toEqual(f);
    expect(storedFigures({ total: 5_000, agency_commission: null })).toEqual({
      gross: 5_000,
      commission: 0,
      net: 5_000,
      percent: null,
    });
  });
});
