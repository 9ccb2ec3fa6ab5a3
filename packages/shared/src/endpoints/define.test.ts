import { describe, expect, it } from 'vitest';
import { endpoint, endpointUrl, querySearch } from './define.ts';

const one = endpoint({ method: 'GET', path: '/api/orders/:id/items/:item', summary: 'Um item' });

describe('a tabela de endpoints', () => {
  it('põe os parâmetros no caminho, codificados', () => {
    expect(endpointUrl(one, { id: 'a b/c', item: 7 })).toBe('/api/orders/a%20b%2Fc/items/7');
  });
  it('recusa um caminho com parâmetro faltando', () => {
    expect(() => endpointUrl(one, { id: 'x' })).toThrow('falta o parâmetro item');
  });
  it('leva a consulta depois de ?, repetindo a chave de uma lista e deixando de fora o vazio', () => {
    expect(
      endpointUrl({ path: '/api/search' }, undefined, {
        q: 'praça da sé',
        page: 2,
        tipo: ['painel', 'empena'],
        vazio: '',
        nada: undefined,
        sim: true,
      }),
    ).toBe('/api/search?q=pra%C3%A7a+da+s%C3%A9&page=2&tipo=painel&tipo=empena&sim=true');
    expect(querySearch(undefined)).toBe('');
  });
});
