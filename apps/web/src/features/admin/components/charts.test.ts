import { describe, expect, it } from 'vitest';
import { formatCompactMoney } from '@urbana/shared';
import { revenueAxis } from './charts.tsx';

const labels = (values: number[]) => revenueAxis(values).ticks.map(formatCompactMoney);

describe('eixo de receita dos gráficos do painel', () => {
  it('um mês sem receita lê de R$ 0 a R$ 100, não em centavos', () => {
    expect(labels([0, 0, 0])).toEqual(['R$\u00a00', 'R$\u00a025', 'R$\u00a050', 'R$\u00a075', 'R$\u00a0100']);
    expect(labels([])).toEqual(labels([0]));
  });

  it('termina num valor redondo acima do maior dia, em reais inteiros', () => {
    const { domain, ticks } = revenueAxis([0, 1_234_56, 980_00]);
    expect(domain).toEqual([0, 200_000]);
    expect(ticks).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(labels([3_333_333_00])).toEqual([
      'R$\u00a00',
      'R$\u00a01\u00a0mi',
      'R$\u00a02\u00a0mi',
      'R$\u00a03\u00a0mi',
      'R$\u00a04\u00a0mi',
    ]);
    for (const max of [1, 99, 2_501, 77_777_77, 123_456_789]) {
      const axis = revenueAxis([max]);
      expect(axis.domain[1]).toBeGreaterThanOrEqual(max);
      expect(axis.ticks.every((t) => t % 100 === 0)).toBe(true);
    }
  });
});
