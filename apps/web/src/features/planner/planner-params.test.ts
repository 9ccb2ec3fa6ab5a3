import { describe, expect, it } from 'vitest';
import { apiParams, formFromParams, paramsFromForm } from './planner-params.ts';

describe('endereço do planejador', () => {
  it('uma área do mapa vinda da busca substitui a cidade e o raio, e volta ao endereço', () => {
    const form = formFromParams(
      new URLSearchParams('norte=-15.7&sul=-15.9&leste=-47.8&oeste=-48&local=Bras%C3%ADlia'),
      '2026-12-01',
    );
    expect(form.area).toEqual({ norte: '-15.7', sul: '-15.9', leste: '-47.8', oeste: '-48' });
    const params = paramsFromForm({ ...form, budgetReais: '20.000' });
    expect(params.get('norte')).toBe('-15.7');
    expect(params.has('local')).toBe(false);
    expect(params.has('raio')).toBe(false);
    expect(new URLSearchParams(apiParams(params)!).get('orcamento')).toBe('2000000');
  });

  it('sem os quatro lados (ou com um lado que não é número) usa a cidade', () => {
    expect(
      formFromParams(new URLSearchParams('norte=-15.7&sul=-15.9&leste=-47.8'), '2026-12-01').area,
    ).toBeNull();
    expect(
      formFromParams(new URLSearchParams('norte=x&sul=-15.9&leste=-47.8&oeste=-48'), '2026-12-01').area,
    ).toBeNull();
    const params = paramsFromForm(formFromParams(new URLSearchParams('local=Recife&raio=10'), '2026-12-01'));
    expect(params.get('local')).toBe('Recife');
    expect(params.get('raio')).toBe('10');
    expect(params.has('norte')).toBe(false);
  });
});
