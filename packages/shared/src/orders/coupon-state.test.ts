import { describe, expect, it } from 'vitest';
import { couponStateLabels, couponStateOf } from './rules.ts';

const now = new Date('2026-11-23T12:00:00-03:00');
const base = { active: true, max_uses: null, uses: 0, starts_at: null, ends_at: null };

describe('couponStateOf (issue #17 item 5)', () => {
  it('Ativo: on, started, not ended, uses left', () => {
    expect(couponStateOf(base, now)).toBe('ativo');
    expect(
      couponStateOf(
        {
          ...base,
          starts_at: '2026-11-01T00:00:00-03:00',
          ends_at: '2026-11-30T23:59:59-03:00',
          max_uses: 5,
          uses: 4,
        },
        now,
      ),
    ).toBe('ativo');
  });

  it('Agendado: before its start', () => {
    expect(couponStateOf({ ...base, starts_at: '2026-12-01T00:00:00-03:00' }, now)).toBe('agendado');
  });

  it('Expirado: after its end, even when switched off or used up', () => {
    const ended = { ...base, ends_at: new Date('2026-11-23T11:59:59-03:00') };
    expect(couponStateOf(ended, now)).toBe('expirado');
    expect(couponStateOf({ ...ended, active: false, max_uses: 1, uses: 1 }, now)).toBe('expirado');
  });

  it('Esgotado: uses reached the limit, even when switched off', () => {
    expect(couponStateOf({ ...base, max_uses: 3, uses: 3 }, now)).toBe('esgotado');
    expect(couponStateOf({ ...base, max_uses: 3, uses: 3, active: false }, now)).toBe('esgotado');
  });

  it('Inativo: switched off, even when scheduled', () => {
    expect(couponStateOf({ ...base, active: false }, now)).toBe('inativo');
    expect(couponStateOf({ ...base, active: false, starts_at: '2026-12-01T00:00:00-03:00' }, now)).toBe(
      'inativo',
    );
  });

  it('labels in Portuguese', () => {
    expect(Object.values(couponStateLabels)).toEqual([
      'Expirado',
      'Esgotado',
      'Inativo',
      'Agendado',
      'Ativo',
    ]);
  });
});
