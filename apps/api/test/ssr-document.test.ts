import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestContext } from './helpers.ts';
import { writeWebManifest } from './web-build.ts';

// A web build of two files beside a server build that draws every page as one paragraph: enough to
// see what the server does to the document around a page it rendered and around one it did not.
let ctx: TestContext;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'urbana-ssr-'));
  const dist = path.join(root, 'dist');
  const server = path.join(root, 'dist-server');
  mkdirSync(dist);
  mkdirSync(server);
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/comum-1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeWebManifest(dist);
  writeFileSync(path.join(server, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(server, 'entry-server.js'),
    'export function setServerFetch() {}\n' +
      'export async function renderPage(href) {\n' +
      '  return { html: `<p>desenhada no servidor: ${new URL(href).pathname}</p>`, state: "{}" };\n' +
      '}\n',
  );
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const scriptTags = (html: string) =>
  html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];

describe('documento de uma página desenhada no servidor', () => {
  it('os scripts só hidratam a página: pedidos depois da primeira pintura, o estilo no cabeçalho', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/' });
    const html = res.body;
    expect(html).toContain('<p>desenhada no servidor: /</p>');
    // Nothing in the document asks for a script by itself: the head keeps the stylesheet only.
    expect(scriptTags(html)).toEqual([]);
    expect(html).toMatch(
      /<head>.*<link rel="stylesheet" crossorigin href="\/assets\/index-1.css">.*<\/head>/s,
    );
    // The loader's list: the entry, the chunk the entry imports and the home page's route modules.
    const list = /<script type="application\/json" id="scripts-da-pagina">(.*?)<\/script>/.exec(html)?.[1];
    const { entry, preload } = JSON.parse(list ?? '{}') as { entry: string; preload: string[] };
    expect(entry).toBe('/assets/index-1.js');
    expect(preload).toHaveLength(3);
    expect(preload[0]).toBe('/assets/comum-1.js');
    // The one inline script runs under the page's policy: its hash is in script-src.
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash]);
    // It runs after the page's markup and its data, at the end of the body.
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('id="estado-servidor"'));
    expect(html.trimEnd().endsWith('</script></body></html>')).toBe(true);
  });

  it('uma página que o navegador desenha (a área do cliente) mantém a prioridade de sempre', async () => {
    const html = (await inject(ctx, { method: 'GET', url: '/usuario/meus-pedidos' })).body;
    expect(html).not.toContain('desenhada no servidor');
    expect(scriptTags(html).length).toBeGreaterThan(0);
    expect(html).not.toContain('fetchpriority');
  });
});
