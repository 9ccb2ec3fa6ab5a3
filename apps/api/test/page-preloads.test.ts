import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePreloader } from '../src/plugins/app/page-preloads.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';
import { writeWebManifest } from './web-build.ts';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'urbana-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeWebManifest(dist);
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const hints = async (url: string) => {
  const html = (await inject(ctx, { method: 'GET', url })).body;
  return [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) =>
    m[2]!.replaceAll('&amp;', '&'),
  );
};

describe('dicas de pré-carregamento por página', () => {
  it('início: os módulos da rota (não os que a entrada já traz), a sessão e as leituras da página', async () => {
    expect(await hints('/')).toEqual([
      '/api/auth/session',
      '/assets/public-layout-1.js',
      '/assets/home-1.js',
      '/api/products/featured',
      '/api/network',
    ]);
  });

  it('busca: a mesma consulta que o app faz, com o local padrão e o tamanho da página', async () => {
    expect(await hints('/buscar-locais?local=Curitiba&tipo=torre&x=1')).toContain(
      '/api/search?local=Curitiba&tipo=torre&por_pagina=12',
    );
    expect(await hints('/buscar-locais')).toContain(
      '/api/search?local=Bras%C3%ADlia%2C+Distrito+Federal%2C+Brasil&por_pagina=12',
    );
  });

  it('busca com um filtro que seria recusado: nenhuma busca pré-carregada (o app não a faz)', async () => {
    for (const query of ['preco_min=5000&preco_max=1000', 'semanas=60', 'pagina=0']) {
      const list = await hints(`/buscar-locais?${query}`);
      expect(list).toContain('/api/config');
      expect(list.filter((h) => h.startsWith('/api/search'))).toEqual([]);
    }
  });

  it('produto: o produto com o período da URL; outras páginas só a sessão', async () => {
    expect(await hints('/locais/painel-eixo?semanas=8&inicio=2026-12-07')).toContain(
      '/api/products/painel-eixo?semanas=8&inicio=2026-12-07',
    );
    expect(await hints('/carrinho')).toEqual(['/api/auth/session']);
  });

  it('os módulos de cada página vêm do seu id de rota no build; só as páginas desenhadas no servidor', async () => {
    const list = await hints('/locais/painel-eixo');
    expect(list.slice(0, 3)).toEqual([
      '/api/auth/session',
      '/assets/public-layout-1.js',
      '/assets/product-1.js',
    ]);
    // The media kit's reads are its loader's (public-pages.ts); its chunks are not in this build.
    expect(await hints('/midia-kit')).toEqual(['/api/auth/session', '/api/midia-kit', '/api/config']);
    // The cart is in the build's table but is drawn by the browser: nothing but the session.
    expect(await hints('/carrinho/')).toEqual(['/api/auth/session']);
  });

  it('nada vindo da URL escapa do atributo', async () => {
    const list = await hints('/locais/%22%3E%3Cscript%3E?semanas=2');
    expect(list.join(' ')).not.toMatch(/[<>"]/);
  });

  it('página renderizada no servidor: só os módulos e a sessão (os dados já vêm na página)', () => {
    const preload = pagePreloader(dist);
    const html = preload('/', new URL('http://localhost/'), true);
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-1.js">',
    );
    expect(html).toContain('/api/auth/session');
    expect(html).not.toContain('/api/products/featured');
    expect(html).not.toContain('/api/network');
  });
});
