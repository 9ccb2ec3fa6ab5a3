import { describe, expect, it } from 'vitest';
import { isKnownAppPath, paths } from './paths.ts';
import {
  decodePageParams,
  matchPublicPage,
  pageReadPath,
  productApiPath,
  productMetaDescription,
  publicPageList,
  publicPages,
} from './public-pages.ts';

describe('a tabela das páginas públicas', () => {
  it('cada página é uma rota do app, com o caminho em paths pelo seu id', () => {
    for (const page of publicPageList) {
      expect(paths[page.id]).toBe(page.path);
      expect(isKnownAppPath(page.path.replace(/:\w+/g, 'x'))).toBe(true);
    }
    expect(new Set(publicPageList.map((p) => p.path)).size).toBe(publicPageList.length);
  });

  it('uma página do sitemap tem descrição própria; só páginas sem sessão são desenhadas no servidor', () => {
    for (const page of publicPageList.filter((p) => p.sitemap)) expect(page.description).toBeTruthy();
    expect(publicPageList.filter((p) => p.ssr).map((p) => p.id)).toEqual([
      'home',
      'buscarLocais',
      'local',
      'suporte',
      'central',
      'centralArtigo',
      'midiaKit',
      'guiaCriacao',
      'especificacoesCriacao',
    ]);
  });

  it('acha a página de um caminho, com os parâmetros; o caminho fixo vence o padrão', () => {
    expect(matchPublicPage('/')?.page.id).toBe('home');
    expect(matchPublicPage('/buscar-locais/')?.page.id).toBe('buscarLocais');
    const product = matchPublicPage('/locais/painel%20eixo');
    expect(product?.page.id).toBe('local');
    expect(decodePageParams(product!.rawParams)).toEqual({ slug: 'painel eixo' });
    expect(() => decodePageParams(matchPublicPage('/locais/%E0%A4%A')!.rawParams)).toThrow();
    expect(matchPublicPage('/auth/convite')?.page.id).toBe('aceitarConvite');
    expect(matchPublicPage('/usuario/meus-pedidos')).toBeNull();
    expect(matchPublicPage('/locais/a/b')).toBeNull();
  });

  it('as leituras de cada página, nos endereços que o app pede', () => {
    const reads = (pathname: string, search = '') => {
      const found = matchPublicPage(pathname)!;
      const url = new URL(`http://localhost${pathname}${search}`);
      return (found.page.reads?.(url, decodePageParams(found.rawParams)) ?? []).map(pageReadPath);
    };
    expect(reads('/')).toEqual(['/api/products/featured', '/api/network']);
    expect(reads('/locais/painel-eixo', '?semanas=8&inicio=2026-12-07')).toEqual([
      '/api/products/painel-eixo?semanas=8&inicio=2026-12-07',
      '/api/config',
    ]);
    expect(reads('/locais/painel-eixo')).toEqual(['/api/products/painel-eixo?semanas=4', '/api/config']);
    expect(reads('/buscar-locais', '?preco_min=5&preco_max=1')).toEqual(['/api/config']);
    expect(reads('/midia-kit')).toEqual(['/api/midia-kit', '/api/config']);
    expect(reads('/plano/abc_1')).toEqual(['/api/planos-compartilhados/abc_1']);
    expect(reads('/central')).toEqual([]);
  });

  it('o endereço do produto codifica o nome e a data de início', () => {
    expect(productApiPath('a b', '2026-12-07&x=1', 2)).toBe(
      '/api/products/a%20b?semanas=2&inicio=2026-12-07%26x%3D1',
    );
    expect(productApiPath('painel', undefined, 4)).toBe('/api/products/painel?semanas=4');
  });

  it('a descrição de um produto: tipo, lugar, audiência e preço por dia', () => {
    const product = {
      type: 'painel_led',
      neighborhood: 'Asa Sul',
      city: 'Brasília',
      state: 'DF',
      weekly_audience: 50_000,
      daily_price: 9_000,
    } as const;
    expect(productMetaDescription(product)).toBe(
      'Painel de LED em Asa Sul, Brasília – DF: 50.000 impactos por semana, R$\u00a090,00 por dia. Reserve por semana e pague por Pix na Urbana.',
    );
    expect(productMetaDescription({ ...product, neighborhood: '' })).toContain('em Brasília – DF:');
    expect(publicPages.local.path).toBe('/locais/:slug');
  });
});
