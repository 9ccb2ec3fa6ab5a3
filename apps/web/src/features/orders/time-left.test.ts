import { describe, expect, it } from 'vitest';
import { timeLeftText } from './time-left.ts';

describe('timeLeftText', () => {
  it('minutos e segundos abaixo de uma hora', () => {
    expect(timeLeftText(29 * 60 + 55)).toBe('29:55');
    expect(timeLeftText(59)).toBe('00:59');
    expect(timeLeftText(0)).toBe('00:00');
    expect(timeLeftText(3599)).toBe('59:59');
  });
  it('horas e minutos a partir de uma hora (uma reserva prorrogada)', () => {
    expect(timeLeftText(3600)).toBe('1 h 0 min');
    expect(timeLeftText(24 * 3600 + 27 * 60 + 19)).toBe('24 h 27 min');
    expect(timeLeftText(72 * 3600)).toBe('72 h 0 min');
  });
});
