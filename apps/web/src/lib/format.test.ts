import { describe, expect, it } from 'vitest';
import { formatDate, formatInteger, formatMoney } from './format.ts';

describe('formatos pt-BR', () => {
  it('dinheiro em centavos → R$ 1.234,56', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
  });
  it('datas de calendário não mudam com o fuso', () => {
    expect(formatDate('2026-11-24')).toBe('24/11/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate(new Date('2026-11-21T12:00:00Z'))).toBe('21/11/2026');
  });
  it('inteiros com ponto de milhar', () => {
    expect(formatInteger(1234567)).toBe('1.234.567');
  });
});
