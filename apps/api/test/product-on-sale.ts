import { expect } from 'vitest';
import { inject, type TestContext } from './helpers.ts';
import { png } from './media-files.ts';

/**
 * Puts a product created through the panel on sale: a new product is inactive until its first photo
 * (issue #40 item 8), so the photo goes first, then "ativo".
 */
export async function putOnSale(ctx: TestContext, cookie: string, productId: string) {
  const photo = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/produtos/${productId}/fotos`,
    cookie,
    headers: { 'content-type': 'image/png' },
    payload: await png(800, 600),
  });
  expect(photo.statusCode, photo.body).toBe(201);
  const on = await inject(ctx, {
    method: 'PUT',
    url: `/api/admin/produtos/${productId}/status`,
    cookie,
    payload: { status: 'ativo' },
  });
  expect(on.statusCode, on.body).toBe(200);
}
