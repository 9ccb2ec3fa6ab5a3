import { describe, expect, it } from 'vitest';
import { formatBRL, formatDateBR } from './orders.ts';

describe('formatos brasileiros sem Intl', () => {
  it('data de calendário como escrita, sem fuso', () => {
    expect(formatDateBR('2026-11-21')).toBe('21/11/2026');
    expect(formatDateBR('2027-01-03')).toBe('03/01/2027');
  });

  it('reais com milhar e centavos', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(-5)).toBe('-R$ 0,05');
  });
});
