import { describe, expect, it } from 'vitest';
import { formatBRL, formatDateBR } from './orders.ts';

describe('formatos brasileiros sem Intl', () => {
  it('data de calendário como escrita, sem fuso', () => {
    expect(formatDateBR('2026-11-21')).toBe('21/11/2026');
    expect(formatDateBR('2027-01-03')).toBe('03/01/2027');
  });

  it('reais com milhar e centavos', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(-5)).toBe('-R$\u00a00,05');
  });

  it('"R$" nunca fica sozinho no fim de uma linha: espaço sem quebra antes do valor', () => {
    for (const value of [0, 99, 100_000, 123_456_789]) {
      expect(formatBRL(value)).toMatch(/^R\$\u00a0\d/);
      expect(formatBRL(value)).not.toContain(' ');
    }
  });
});
