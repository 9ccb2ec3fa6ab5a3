import { describe, expect, it } from 'vitest';
import { searchCountText, searchFilterProblem, searchMessages } from './search-options.ts';
import { searchQuerySchema } from './search-schema.ts';

const cases: Array<[string, string | null]> = [
  ['preco_min=5000&preco_max=1000', searchMessages.priceOrder],
  ['preco_min=1000&preco_max=1000', null],
  ['preco_min=abc', searchMessages.minPrice],
  ['preco_max=-5', searchMessages.maxPrice],
  ['semanas=0', searchMessages.weeksRange],
  ['semanas=53', searchMessages.weeksRange],
  ['semanas=2.5', searchMessages.weeks],
  ['semanas=52', null],
  ['pagina=0', searchMessages.page],
  ['pagina=1001', searchMessages.page],
  ['pagina=3', null],
  ['', null],
];

describe('filtros da busca (sem zod no navegador, as mesmas regras do servidor)', () => {
  it.each(cases)('%s → %s', (query, message) => {
    expect(searchFilterProblem(new URLSearchParams(query))?.message ?? null).toBe(message);
    const input: Record<string, string> = {};
    new URLSearchParams(query).forEach((value, key) => (input[key] = value));
    const parsed = searchQuerySchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
  });
});

describe('linha de contagem da busca', () => {
  it('conta até 1.000 e, passado o teto, diz "mais de 1.000 locais"', () => {
    expect(searchCountText(0)).toBe('0 locais encontrados');
    expect(searchCountText(1)).toBe('1 local encontrado');
    expect(searchCountText(1000)).toBe('1.000 locais encontrados');
    expect(searchCountText(1001, true)).toBe('mais de 1.000 locais');
  });
});

describe('semanas de um endereço', () => {
  it('o número dado, ou o padrão de 4 quando falta ou não é número', async () => {
    const { weeksParam, DEFAULT_BOOKING_WEEKS } = await import('./search-options.ts');
    expect(DEFAULT_BOOKING_WEEKS).toBe(4);
    expect(weeksParam('12')).toBe(12);
    expect(weeksParam(null)).toBe(4);
    expect(weeksParam('abc')).toBe(4);
    expect(weeksParam('0')).toBe(4);
  });
});
