import { describe, expect, it } from 'vitest';
import { parseDecimal, type AdminProduct } from '@urbana/shared';
import { productFormValues } from './product-form-state.ts';

describe('o formulário de um produto salvo', () => {
  it('mostra as coordenadas com vírgula, como foram digitadas, e as lê de volta iguais', () => {
    const values = productFormValues({
      name: 'Painel Eixo',
      description: '',
      type: 'outdoor',
      address: 'Eixo Monumental',
      neighborhood: 'Centro',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.8836,
      daily_price: 12_345,
      is_tower_based: false,
      weekly_audience: 120_000,
      audience_profile: '',
      operating_hours: '',
      status: 'ativo',
      towers: [],
    } as unknown as AdminProduct);
    expect(values.latitude).toBe('-15,79');
    expect(values.longitude).toBe('-47,8836');
    expect(parseDecimal(values.latitude)).toBe(-15.79);
  });
});

describe('um produto novo', () => {
  it('começa inativo: fica à venda só depois da primeira foto (issue #40 item 8)', () => {
    expect(productFormValues().status).toBe('inativo');
  });
});
