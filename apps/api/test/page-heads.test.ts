import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleSlugs,
  defaultDescription,
  fullTitle,
  productMetaDescription,
  publicPageList,
  publicPages,
} from '@urbana/shared';
import { mediaPlans, products } from '../src/db/schema/index.ts';
import { createTestApp, createUser, inject, type TestContext } from './helpers.ts';

// The head of each public page and the sitemap say what the table of public pages says
// (@urbana/shared, public-pages.ts; docs/decisions/118-one-table-of-public-pages.md).
let ctx: TestContext;
let dist: string;
const base = 'https://urbana.example';

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'urbana-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="genérica"><title>Urbana</title></head><body></body></html>',
  );
  ctx = await createTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: base } });
  const { user } = await createUser(ctx);
  await ctx.database.db.insert(mediaPlans).values({
    user_id: user.id,
    name: 'Plano de verão',
    lines: [],
    saved_total: 0,
    share_token: 'token_compartilhado',
  });
  await ctx.database.db.insert(products).values({
    slug: 'painel-asa-sul',
    name: 'Painel Asa Sul',
    description: '',
    type: 'painel_led',
    city: 'Brasília',
    state: 'DF',
    neighborhood: 'Asa Sul',
    address: 'SQS 102',
    latitude: -15.8,
    longitude: -47.9,
    daily_price: 12_345,
    weekly_audience: 70_000,
    is_tower_based: false,
    status: 'ativo',
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

async function head(url: string) {
  const res = await inject(ctx, { method: 'GET', url });
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(res.body)?.[1];
  return {
    status: res.statusCode,
    title: /<title>([^<]*)<\/title>/.exec(res.body)?.[1],
    description: meta('description'),
    robots: meta('robots'),
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(res.body)?.[1],
  };
}

describe('o cabeçalho usa os textos da tabela das páginas públicas', () => {
  it('páginas do sitemap: título e descrição da tabela, endereço canônico', async () => {
    const listed = publicPageList.filter((page) => page.sitemap);
    expect(listed.length).toBeGreaterThan(5);
    for (const page of listed) {
      expect(await head(page.path), page.id).toEqual({
        status: 200,
        title: fullTitle(page.title),
        description: page.description,
        robots: undefined,
        canonical: `${base}${page.path}`,
      });
    }
  });

  it('as outras páginas públicas: o título da tabela, fora dos buscadores', async () => {
    for (const page of [publicPages.carrinho, publicPages.auth, publicPages.notFound]) {
      expect(await head(page.path)).toMatchObject({
        status: 200,
        title: fullTitle(page.title),
        description: defaultDescription,
        robots: 'noindex',
        canonical: undefined,
      });
    }
  });

  it('plano compartilhado: o nome do plano e a descrição da tabela; revogado, 404', async () => {
    expect(await head('/plano/token_compartilhado')).toMatchObject({
      status: 200,
      title: fullTitle('Plano de verão'),
      description: publicPages.planoCompartilhado.description,
      robots: 'noindex',
    });
    expect((await head('/plano/outro')).status).toBe(404);
  });

  it('produto: a descrição é a mesma que o app escreve ao navegar', async () => {
    expect((await head('/locais/painel-asa-sul')).description).toBe(
      productMetaDescription({
        type: 'painel_led',
        neighborhood: 'Asa Sul',
        city: 'Brasília',
        state: 'DF',
        weekly_audience: 70_000,
        daily_price: 12_345,
      }),
    );
  });
});

describe('o sitemap lista as páginas da tabela', () => {
  it('as páginas marcadas na tabela, os artigos e os produtos à venda; nada mais', async () => {
    const body = (await inject(ctx, { method: 'GET', url: '/sitemap.xml' })).body;
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(base.length));
    const pages = publicPageList.filter((page) => page.sitemap).map((page) => page.path);
    expect(locs.sort()).toEqual(
      [...pages, ...articleSlugs.map((slug) => `/central/${slug}`), '/locais/painel-asa-sul'].sort(),
    );
    expect(pages).toContain('/planejar');
    // The media kit's figures follow the catalogue: it is listed with today's date.
    expect(body).toMatch(new RegExp(`<loc>${base}/midia-kit</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });
});
