import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, hrefOf } from './endpoint-call.ts';
import { accountLinksEndpoints } from './endpoints/account-links.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';

describe('chamadas pela tabela de endpoints', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('monta o endereço com os parâmetros e a consulta da entrada', () => {
    expect(hrefOf(catalogEndpoints.product, { params: { slug: 'painel a/b' }, query: { semanas: 4 } })).toBe(
      '/api/products/painel%20a%2Fb?semanas=4',
    );
    expect(hrefOf(authEndpoints.google)).toBe('/api/auth/google');
  });

  it('leva a busca que o endereço da página já tem como está, na mesma ordem', () => {
    const search = new URLSearchParams('local=S%C3%A3o+Paulo&tipo=painel&raio=&por_pagina=24');
    expect(hrefOf(catalogEndpoints.search, { query: search })).toBe(
      '/api/search?local=S%C3%A3o+Paulo&tipo=painel&raio=&por_pagina=24',
    );
    expect(hrefOf(catalogEndpoints.search, { query: new URLSearchParams() })).toBe('/api/search');
  });

  it('chama com o método da entrada e lê a resposta', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Descadastrado.' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const answer = await call(accountLinksEndpoints.unsubscribe, {
      query: new URLSearchParams({ token: 't1', tipo: 'alertas' }),
    });
    expect(answer).toEqual({ message: 'Descadastrado.' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/email/descadastrar?token=t1&tipo=alertas', 'POST']);
  });
});
