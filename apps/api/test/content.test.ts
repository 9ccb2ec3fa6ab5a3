import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { articleSlugs, knowledgeArticles } from '@urbana/shared';
import { productPhotos, products, towers } from '../src/db/schema/index.ts';
import { readPdf } from '../../../test-setup/pdf-text.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

let ctx: TestContext;
let dist: string;
const bigScript = `window.urbanaTeste = ${JSON.stringify('x'.repeat(4000))};`;

/** A small catalogue across types, cities and states, one inactive product and tower screens. */
const catalogue = [
  {
    slug: 'torres-asa-sul',
    type: 'torre',
    city: 'Brasília',
    state: 'DF',
    audience: 50_000,
    price: 9_000,
    screens: [4, 6],
  },
  {
    slug: 'led-eixo',
    type: 'painel_led',
    city: 'Brasília',
    state: 'DF',
    audience: 120_000,
    price: 25_000,
    screens: [1],
  },
  {
    slug: 'outdoor-paulista',
    type: 'outdoor',
    city: 'São Paulo',
    state: 'SP',
    audience: 300_000,
    price: 18_000,
    screens: [1],
  },
  {
    slug: 'empena-pinheiros',
    type: 'empena',
    city: 'São Paulo',
    state: 'SP',
    audience: 90_000,
    price: 30_000,
    screens: [1],
  },
  {
    slug: 'abrigo-campinas',
    type: 'mobiliario_urbano',
    city: 'Campinas',
    state: 'SP',
    audience: 20_000,
    price: 4_000,
    screens: [2],
  },
  {
    slug: 'led-desligado',
    type: 'painel_led',
    city: 'Curitiba',
    state: 'PR',
    audience: 999_999,
    price: 1,
    screens: [9],
    status: 'inativo',
  },
] as const;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'urbana-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><meta name="description" content="genérica"><title>Urbana — mídia exterior</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets/index-AbC123.js'), bigScript);
  writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), gzipSync(bigScript));
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Urbana"}');
  ctx = await createTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://urbana.example' } });
  for (const [i, p] of catalogue.entries()) {
    const [row] = await ctx.database.db
      .insert(products)
      .values({
        slug: p.slug,
        name: `Local ${p.slug}`,
        description: i === 0 ? 'Telas em elevadores </script><script>alert(1)</script>' : '',
        type: p.type,
        city: p.city,
        state: p.state,
        neighborhood: 'Centro',
        address: 'Rua A, 1',
        latitude: -15.8 + i / 100,
        longitude: -47.9 + i / 100,
        daily_price: p.price,
        weekly_audience: p.audience,
        is_tower_based: p.type === 'torre',
        status: 'status' in p ? p.status : 'ativo',
      })
      .returning();
    await ctx.database.db
      .insert(towers)
      .values(
        p.screens.map((screens, t) => ({ product_id: row!.id, name: `Torre ${t + 1}`, screens, slots: 4 })),
      );
    if (i === 0) {
      await ctx.database.db.insert(productPhotos).values({
        product_id: row!.id,
        position: 0,
        storage_key: 'catalogo/foto-1.webp',
        thumb_key: 'catalogo/foto-1-p.webp',
        width: 1200,
        height: 800,
        alt: 'Foto',
      });
    }
  }
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The same figures, counted here straight from the tables. */
async function countsFromDatabase() {
  const one = async (query: ReturnType<typeof sql>) =>
    Number(Object.values((await ctx.database.db.execute(query)).rows[0] as object)[0]);
  return {
    locations: await one(sql`select count(*) from products where status = 'ativo'`),
    cities: await one(
      sql`select count(*) from (select distinct city, state from products where status = 'ativo') c`,
    ),
    states: await one(sql`select count(distinct state) from products where status = 'ativo'`),
    screens: await one(
      sql`select sum(t.screens) from towers t join products p on p.id = t.product_id where p.status = 'ativo'`,
    ),
    weekly_audience: await one(sql`select sum(weekly_audience) from products where status = 'ativo'`),
  };
}

describe('mídia kit', () => {
  it('os números da rede são contados do catálogo ativo, por tipo, estado e cidade', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/midia-kit' });
    expect(res.statusCode).toBe(200);
    const kit = res.json();
    const db = await countsFromDatabase();
    expect(db).toEqual({ locations: 5, cities: 3, states: 2, screens: 15, weekly_audience: 580_000 });
    expect(kit).toMatchObject(db);
    expect(kit.by_type).toEqual([
      { type: 'torre', locations: 1, screens: 10, weekly_audience: 50_000, min_daily_price: 9_000 },
      { type: 'painel_led', locations: 1, screens: 1, weekly_audience: 120_000, min_daily_price: 25_000 },
      { type: 'outdoor', locations: 1, screens: 1, weekly_audience: 300_000, min_daily_price: 18_000 },
      { type: 'empena', locations: 1, screens: 1, weekly_audience: 90_000, min_daily_price: 30_000 },
      {
        type: 'mobiliario_urbano',
        locations: 1,
        screens: 2,
        weekly_audience: 20_000,
        min_daily_price: 4_000,
      },
    ]);
    expect(kit.by_state).toEqual([
      { state: 'SP', name: 'São Paulo', locations: 3, cities: 2, screens: 4, weekly_audience: 410_000 },
      {
        state: 'DF',
        name: 'Distrito Federal',
        locations: 2,
        cities: 1,
        screens: 11,
        weekly_audience: 170_000,
      },
    ]);
    expect(kit.top_cities[0]).toEqual({
      city: 'São Paulo',
      state: 'SP',
      locations: 2,
      weekly_audience: 390_000,
    });
    expect(kit.points.map((p: { slug: string }) => p.slug)).not.toContain('led-desligado');
    expect(kit.points).toHaveLength(5);
  });

  it('o PDF traz os mesmos números e abre como PDF', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/midia-kit/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="midia-kit-urbana.pdf"');
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('Mídia kit — a rede em números');
    const lines = pdf.text.split('\n');
    const after = (label: string) => lines[lines.indexOf(label) - 1];
    expect(after('Locais')).toBe('5');
    expect(after('Cidades')).toBe('3');
    expect(after('Telas e faces')).toBe('15');
    expect(pdf.text).toContain('580.000');
    expect(pdf.text).toContain('São Paulo (SP)');
    expect(pdf.text).toContain('R$\u00a040,00');
    expect(pdf.text).toContain('https://urbana.example/buscar-locais');
  });
});

describe('robots.txt e sitemap.xml', () => {
  it('robots.txt deixa as páginas públicas e aponta o sitemap', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*\nAllow: \//);
    expect(res.body).toContain('Disallow: /usuario/');
    expect(res.body).toContain('Sitemap: https://urbana.example/sitemap.xml');
  });

  it('o sitemap lista as páginas públicas, os artigos e cada produto ativo', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://urbana.example/');
    expect(locs).toContain('https://urbana.example/midia-kit');
    expect(locs).toContain('https://urbana.example/central');
    for (const slug of articleSlugs) expect(locs).toContain(`https://urbana.example/central/${slug}`);
    for (const p of catalogue.filter((c) => !('status' in c)))
      expect(locs).toContain(`https://urbana.example/locais/${p.slug}`);
    expect(locs.join(' ')).not.toContain('led-desligado');
    expect(locs.join(' ')).not.toContain('/usuario');
  });
});

describe('cabeçalho de cada página no HTML', () => {
  const head = async (url: string) => {
    const res = await inject(ctx, { method: 'GET', url });
    const html = res.body;
    const meta = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
    return {
      status: res.statusCode,
      html,
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      titles: html.match(/<title>/g)?.length,
      descriptions: html.match(/name="description"/g)?.length,
      description: meta('name', 'description'),
      canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
      robots: meta('name', 'robots'),
      og: (p: string) => meta('property', `og:${p}`),
      jsonLd: /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1],
    };
  };

  it('páginas públicas: título, descrição, canônico e Open Graph próprios', async () => {
    const kit = await head('/midia-kit');
    expect(kit.status).toBe(200);
    expect(kit.title).toBe('Mídia kit | Urbana');
    expect(kit.titles).toBe(1);
    expect(kit.descriptions).toBe(1);
    expect(kit.description).toContain('A rede Urbana em números');
    expect(kit.canonical).toBe('https://urbana.example/midia-kit');
    expect(kit.og('title')).toBe('Mídia kit | Urbana');
    expect(kit.og('image')).toBe('https://urbana.example/og-urbana.png');
    expect((await head('/')).canonical).toBe('https://urbana.example/');
  });

  it('artigo: título do artigo; um artigo que não existe responde 404', async () => {
    const article = await head(`/central/${knowledgeArticles.pagamentoPix}`);
    expect(article.status).toBe(200);
    expect(article.title).toBe('Pagamento por Pix | Urbana');
    expect(JSON.parse(article.jsonLd!)).toMatchObject({ '@type': 'Article', headline: 'Pagamento por Pix' });
    const missing = await head('/central/nao-existe');
    expect(missing.status).toBe(404);
    expect(missing.robots).toBe('noindex');
  });

  it('produto: dados schema.org do produto, sem que o texto do catálogo feche o script', async () => {
    const page = await head('/locais/torres-asa-sul');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Local torres-asa-sul | Urbana');
    expect(page.description).toContain('50.000 impactos por semana, R$\u00a090,00 por dia');
    expect(page.og('image')).toBe('https://urbana.example/api/arquivos/catalogo/foto-1.webp');
    // The largest picture of the page comes with the HTML, not after the app has rendered.
    expect(page.html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/arquivos/catalogo/foto-1.webp">',
    );
    expect((await head('/midia-kit')).html).not.toContain('as="image"');
    expect(page.jsonLd).not.toContain('</script>');
    const data = JSON.parse(page.jsonLd!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Local torres-asa-sul',
      url: 'https://urbana.example/locais/torres-asa-sul',
      offers: {
        '@type': 'Offer',
        price: '90.00',
        priceCurrency: 'BRL',
        priceSpecification: { unitCode: 'DAY' },
        areaServed: { address: { addressLocality: 'Brasília', addressRegion: 'DF', addressCountry: 'BR' } },
      },
    });
    expect(data.description).toContain('</script><script>alert(1)');
  });

  it('produto inativo ou inexistente: 404 e fora dos buscadores; páginas da conta: noindex', async () => {
    for (const url of ['/locais/led-desligado', '/locais/nao-existe']) {
      const page = await head(url);
      expect(page.status).toBe(404);
      expect(page.robots).toBe('noindex');
      expect(page.jsonLd).toBeUndefined();
    }
    const account = await head('/usuario/meus-pedidos');
    expect(account.status).toBe(200);
    expect(account.robots).toBe('noindex');
    expect(account.canonical).toBeUndefined();
    expect((await head('/rota-que-nao-existe')).status).toBe(404);
  });
});

describe('compressão e cache dos arquivos do app', () => {
  it('arquivos com hash: cache de um ano, imutável, servidos já comprimidos', async () => {
    const br = await inject(ctx, {
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const gz = await inject(ctx, {
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('a página (o documento HTML) vai comprimida como o navegador pede, com o mesmo conteúdo', async () => {
    const url = '/locais/torres-asa-sul';
    const plain = await inject(ctx, { method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body).toContain('torres-asa-sul');
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      // Asked twice: the second answer comes from the compressed bytes kept with the document.
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const page = await inject(ctx, { method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers.vary).toContain('accept-encoding');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(decode(page.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // A document under 1 kB (the test's bare index.html, for an unknown page) travels as it is.
    const missing = await inject(ctx, {
      method: 'GET',
      url: '/rota-que-nao-existe',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.length).toBeLessThan(1024);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.body).toContain('<title>');
  });

  it('index.html e arquivos sem hash: sempre revalidados', async () => {
    const page = await inject(ctx, { method: 'GET', url: '/central' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const manifest = await inject(ctx, { method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
