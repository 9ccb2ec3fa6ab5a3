import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { mediaMessages } from '@urbana/shared';
import { createCustomer, signInWithForm } from './support/users.ts';

/** Issue 22, item 3: a 26 MB image in the media library (the e2e server's image limit is 20 MB). */
const TOO_BIG = 26 * 1024 * 1024;
const IMAGE_LIMIT = 20 * 1024 * 1024;

async function bigPng(): Promise<Buffer> {
  const head = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
  // Generated here, never committed: a real PNG header followed by padding up to 26 MB.
  return Buffer.concat([head, Buffer.alloc(TOO_BIG - head.length)]);
}

test('uma imagem de 26 MB mostra a mensagem de tamanho na hora, sem enviar nada', async ({ page }) => {
  // Handing 26 MB to the browser's file input takes a while on a loaded machine; the message must not.
  test.setTimeout(90_000);
  const user = await createCustomer(page.request, 'Bruna Envios');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/usuario/biblioteca-midias');
  await expect(page.getByRole('heading', { name: 'Biblioteca de mídias' })).toBeVisible();

  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/media') uploads.push(r.url());
  });
  await page.getByLabel('Enviar arquivos para a biblioteca').setInputFiles({
    name: 'outdoor-enorme.png',
    mimeType: 'image/png',
    buffer: await bigPng(),
  });
  // At once: no upload to wait for.
  await expect(page.getByText(mediaMessages.imageTooLarge(IMAGE_LIMIT))).toBeVisible({ timeout: 3000 });
  expect(uploads).toEqual([]);
});

test('quando o envio passa pela checagem do navegador, o 413 do servidor chega ao Chromium', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createCustomer(page.request, 'Caio Envios');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const head = [...(await bigPng()).subarray(0, 256)];
  // The same request a script (or an old tab) would send: 26 MB straight to the API.
  const answer = await page.evaluate(
    async ({ head, size }) => {
      const body = new Uint8Array(size);
      body.set(head);
      const started = performance.now();
      try {
        const res = await fetch('/api/media', {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'enorme.png' },
          body,
        });
        return { status: res.status, body: await res.json(), ms: performance.now() - started };
      } catch (e) {
        return { status: 0, body: String(e), ms: performance.now() - started };
      }
    },
    { head, size: TOO_BIG },
  );
  expect(answer.status).toBe(413);
  expect(answer.body).toEqual({ message: mediaMessages.imageTooLarge(IMAGE_LIMIT) });
  // Before issue 22 Chromium never saw this answer; on a loaded machine it takes seconds, not forever.
  expect(answer.ms).toBeLessThan(30_000);
});
