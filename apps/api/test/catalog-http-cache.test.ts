import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../src/services/demo-catalog.ts';
import { LocalStorage } from '../src/services/storage.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

/**
 * Issue #21: catalogue answers keep their compressed bytes in the read cache, carry an ETag (304 on a
 * match) and a Cache-Control that lets nginx or a CDN keep them as long as the process would.
 */
let ctx: TestContext;
let dir: string;
let slug: string;
const SEARCH = '/api/search?local=Bras%C3%ADlia';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'urbana-http-cache-'));
  const storage = new LocalStorage(dir);
  ctx = await createTestApp({ storage });
  await seedCatalog(ctx.database.db, storage);
  const featured = await inject(ctx, { method: 'GET', url: '/api/products/featured' });
  slug = featured.json().items[0].slug;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('respostas do catálogo guardadas', () => {
  it('comprimidas como o navegador pede, iguais à resposta sem compressão', async () => {
    const plain = await inject(ctx, { method: 'GET', url: SEARCH });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await inject(ctx, {
      method: 'GET',
      url: SEARCH,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await inject(ctx, {
      method: 'GET',
      url: SEARCH,
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(String(br.headers.vary)).toContain('accept-encoding');
  });

  it('com ETag: 304 sem corpo quando o navegador já tem a mesma resposta', async () => {
    const first = await inject(ctx, { method: 'GET', url: `/api/products/${slug}` });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await inject(ctx, {
      method: 'GET',
      url: `/api/products/${slug}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await inject(ctx, {
      method: 'GET',
      url: `/api/products/${slug}`,
      headers: { 'if-none-match': '"outra"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('Cache-Control deixa um cache compartilhado guardar pelo tempo do cache do processo', async () => {
    const res = await inject(ctx, { method: 'GET', url: SEARCH });
    expect(res.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${ctx.config.catalogCacheSeconds}`,
    );
  });

  it('uma reserva muda a resposta e o ETag (o cache do processo é limpo)', async () => {
    const before = await inject(ctx, { method: 'GET', url: `/api/products/${slug}` });
    ctx.app.deps.catalogCache.clear();
    const same = await inject(ctx, { method: 'GET', url: `/api/products/${slug}` });
    // Recomputed from the database: the same content has the same ETag, so browsers keep their copy.
    expect(same.headers.etag).toBe(before.headers.etag);
  });
});
