import { describe, expect, it } from 'vitest';
import { formatAmount, formatCompactMoney, formatPercent } from './figures.ts';
import { formatCount, formatDecimal, formatInteger, formatMoney } from './money.ts';

/** Issue #18 item 4: one pt-BR money and number module on Intl, for the web and the API. */
describe('dinheiro e números em pt-BR', () => {
  it('centavos → "R$ 1.234,56", com espaço sem quebra depois de "R$"', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
    expect(formatMoney(-5)).toBe('-R$\u00a00,05');
    expect(formatMoney(123_456_789)).toBe('R$\u00a01.234.567,89');
  });

  it('"R$" nunca fica sozinho no fim de uma linha', () => {
    for (const value of [0, 99, 100_000, 123_456_789]) {
      expect(formatMoney(value)).toMatch(/^R\$\u00a0\d/);
      expect(formatMoney(value)).not.toContain(' ');
    }
  });

  it('valor sem símbolo (campos de preço, planilhas) e compacto (eixos de gráfico)', () => {
    expect(formatAmount(123456)).toBe('1.234,56');
    expect(formatAmount(500)).toBe('5,00');
    expect(formatCompactMoney(123_456_700)).toBe('R$\u00a01,2\u00a0mi');
  });

  it('inteiros com ponto de milhar; decimais e porcentagens com vírgula', () => {
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatInteger(999.6)).toBe('1.000');
    expect(formatDecimal(1.25, 1)).toBe('1,3');
    expect(formatDecimal(2, 1)).toBe('2');
    expect(formatPercent(0.1234)).toBe('12,3%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.5, 1)).toBe('50,0%');
  });

  it('concorda a contagem com o substantivo', () => {
    expect(formatCount(1, 'cliente', 'clientes')).toBe('1 cliente');
    expect(formatCount(0, 'torre', 'torres')).toBe('0 torres');
    expect(formatCount(1234, 'tela', 'telas')).toBe('1.234 telas');
  });
});
