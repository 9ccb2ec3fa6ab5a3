import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageReadPath, publicPageList, publicPages, type PageRead } from '@urbana/shared';
import { setServerFetch } from '../lib/api-client.ts';
import { pageChunkKeys } from './page-chunks.ts';
import pageModulesSource from './page-modules.ts?raw';
import { pageReadQuery } from './page-loaders.ts';
import { routes } from './router.tsx';

/** Every route of the tree, at any depth. */
const flatten = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [route, ...flatten(route.children ?? [])]);

const publicLayout = routes[0]!.children![0]!;
const tableIds = Object.keys(publicPages).sort();

describe('o roteador lê a tabela das páginas públicas', () => {
  it('cada rota do layout público está na tabela, e cada página da tabela é uma rota dele', () => {
    const children = publicLayout.children!.filter((route) => route.path !== '*');
    expect(children.map((route) => route.id).sort()).toEqual(tableIds);
    for (const route of children) {
      const page = publicPages[route.id as keyof typeof publicPages];
      expect(route.index ? '/' : route.path, route.id).toBe(page.path);
      expect(route.handle, route.id).toMatchObject({ title: page.title });
      expect((route.handle as { description?: string }).description, route.id).toBe(
        'description' in page ? page.description : undefined,
      );
      // A page that reads at once has a loader, and only then.
      expect(typeof route.loader === 'function', route.id).toBe('reads' in page);
    }
  });

  it('nenhum caminho da tabela é rota de outro layout (a página pública aparece uma vez)', () => {
    const paths = new Set(publicPageList.map((page) => page.path));
    const elsewhere = flatten(routes).filter(
      (route) => route.path && paths.has(route.path) && !publicLayout.children!.includes(route),
    );
    expect(elsewhere.map((route) => route.path)).toEqual([]);
  });
});

describe('as leituras da tabela são as consultas do app', () => {
  const samples: PageRead[] = [
    ['config'],
    ['featured'],
    ['network'],
    ['search', 'local=Curitiba&por_pagina=12'],
    ['product', 'painel eixo', '2026-12-07', 8],
    ['product', 'painel-eixo', '', 4],
    ['media-kit'],
    ['shared-plan', 'abc_1'],
  ];

  it('cada leitura pede exatamente o endereço que o servidor pré-carrega', async () => {
    const asked: string[] = [];
    setServerFetch(async (path) => {
      asked.push(path);
      return new Response('{"items":[]}', { headers: { 'content-type': 'application/json' } });
    });
    const client = new QueryClient();
    for (const read of samples) {
      asked.length = 0;
      await client.fetchQuery(pageReadQuery(read) as Parameters<QueryClient['fetchQuery']>[0]);
      expect(asked, read.join(' ')).toEqual([pageReadPath(read)]);
    }
  });
});

describe('os chunks de cada página, por id de rota', () => {
  const files = new Set(
    Object.keys(import.meta.glob(['./routes/public/*.tsx', './layouts/*.tsx'])).map(
      (file) => `src/app/${file.slice(2)}`,
    ),
  );

  it('o build acha o módulo de cada página da tabela, e o do layout', () => {
    const chunks = pageChunkKeys(pageModulesSource, 'src/app');
    expect(Object.keys(chunks).sort()).toEqual(tableIds);
    expect(chunks.local).toEqual(['src/app/layouts/public-layout.tsx', 'src/app/routes/public/product.tsx']);
    for (const keys of Object.values(chunks)) for (const key of keys) expect(files).toContain(key);
  });

  it('uma linha fora do formato deixa a página de fora (e o teste acima falha)', () => {
    const source = pageModulesSource.replace(
      "  local: () => import('./routes/public/product.tsx'),",
      "  local: () =>\n    import('./routes/public/product.tsx'),",
    );
    expect(Object.keys(pageChunkKeys(source, 'src/app'))).not.toContain('local');
  });
});
