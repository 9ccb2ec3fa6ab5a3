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
  it('os scripts só hidratam a página: pedidos com prioridade baixa, o estilo não', async () => {
    const html = (await inject(ctx, { method: 'GET', url: '/' })).body;
    expect(html).toContain('<p>desenhada no servidor: /</p>');
    const tags = scriptTags(html);
    // The entry, the chunk the entry imports and the home page's route modules.
    expect(tags).toHaveLength(4);
    for (const tag of tags) expect(tag).toContain('fetchpriority="low"');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-1.css">/);
  });

  it('uma página que o navegador desenha (a área do cliente) mantém a prioridade de sempre', async () => {
    const html = (await inject(ctx, { method: 'GET', url: '/usuario/meus-pedidos' })).body;
    expect(html).not.toContain('desenhada no servidor');
    expect(scriptTags(html).length).toBeGreaterThan(0);
    expect(html).not.toContain('fetchpriority');
  });
});
