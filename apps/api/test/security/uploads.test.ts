/**
 * The security suite (docs/decisions/010-security-suite.md), V12 / V13.2.5: files, uploads and request bodies.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '@urbana/shared';
import { assertSafeKey, LocalStorage, type Storage } from '../../src/services/storage.ts';
import { inject } from '../helpers.ts';
import { expectMessageOnly, SECRET } from './world.ts';
import { ctx, folders, w, useSecurityWorld, PHOTO } from './setup.ts';
import { itAnswers } from './request-table.ts';

useSecurityWorld();

const fileTricks = [
  '..%2f..%2fsegredo.txt',
  '..%2fsegredo.txt',
  '%2e%2e%2fsegredo.txt',
  '%2e%2e',
  '..',
  '..%5c..%5csegredo.txt',
  '..\\..\\segredo.txt',
  '%2fetc%2fpasswd',
  '%2Fetc%2Fpasswd',
  '/etc/passwd',
  'C:%5cWindows%5cwin.ini',
  'a%00.webp',
  `${'outdoor-0123456789abcdef.webp'}%00.txt`,
  'outdoor-0123456789abcdef.webp.tipo',
  '.tipo',
  '%252e%252e%252fsegredo.txt',
  '....%2f%2fsegredo.txt',
  '..%c0%afsegredo.txt',
];

describe('V12 arquivos e corpos de requisição', () => {
  it.each(fileTricks)('V12.3.1 /api/arquivos/catalogo/%s → 4xx, nunca um arquivo de fora', async (name) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${name}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('root:');
    expectMessageOnly(res);
  });

  it('V12.5.2 uma foto real vem com o tipo certo, nosniff e inline', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${w.photo}"`);
    expect(res.rawPayload.equals(PHOTO)).toBe(true);
  });

  const keys: Array<[key: string, safe: boolean]> = [
    ['catalogo/outdoor-0123.webp', true],
    ['midias/2026/04/criativo-1.png', true],
    ['../fora.txt', false],
    ['catalogo/../../segredo.txt', false],
    ['catalogo/..', false],
    ['/etc/passwd', false],
    ['catalogo//x.webp', false],
    ['catalogo\\..\\x', false],
    ['catalogo/x\0.webp', false],
    ['catalogo/%2e%2e/x', false],
    ['Catalogo/X.webp', false],
    ['.tipo', false],
    ['', false],
    [`catalogo/${'a'.repeat(400)}`, false],
    ['catalogo/x.webp\n', false],
    ['c:/windows/win.ini', false],
  ];
  it.each(keys)('V12.3.1 assertSafeKey(%j) → segura: %s', async (key, safe) => {
    if (safe) expect(() => assertSafeKey(key)).not.toThrow();
    else expect(() => assertSafeKey(key)).toThrow('chave de arquivo inválida');
    if (!safe) {
      // Every storage operation checks it before touching the disk.
      const storage: Storage = new LocalStorage(path.join(folders.dataDir, 'arquivos'));
      await expect(storage.get(key)).rejects.toThrow('chave de arquivo inválida');
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'chave de arquivo inválida',
      );
      await expect(storage.delete(key)).rejects.toThrow('chave de arquivo inválida');
    }
  });

  it('V12.3.1 nada foi escrito nem apagado fora da pasta', async () => {
    expect(await readFile(path.join(folders.dataDir, 'segredo.txt'), 'utf8')).toBe(SECRET);
    expect(await readFile(path.join(folders.root, 'segredo.txt'), 'utf8')).toBe(SECRET);
  });

  /** A cart body of about `size` bytes, as JSON. */
  const bodyOf = (size: number) => JSON.stringify({ products: [{ id: 'x', name: 'a'.repeat(size) }] });
  const json = { 'content-type': 'application/json' };
  itAnswers(
    'V12.1.1 %s → 413 em português',
    [
      {
        label: 'JSON acima de 1 MiB',
        who: 'bruno',
        method: 'POST',
        url: '/api/checkout/quote',
        headers: json,
        body: bodyOf(1024 * 1024 + 10),
        status: 413,
      },
      {
        label: 'carrinho acima de 512 KiB',
        who: 'bruno',
        method: 'PUT',
        url: '/api/cart',
        headers: json,
        body: bodyOf(512 * 1024 + 10),
        status: 413,
      },
    ],
    (res) => expectMessageOnly(res, httpMessages.payloadTooLarge),
  );

  it.each([
    ['text/plain', 'email=a@b.com&password=x'],
    ['application/x-www-form-urlencoded', 'email=a%40b.com&password=x'],
    ['application/xml', '<login><email>a@b.com</email></login>'],
    ['text/html', '<form></form>'],
    [
      'multipart/form-data; boundary=urbana',
      '--urbana\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.com\r\n--urbana--\r\n',
    ],
    [
      'multipart/form-data; boundary=urbana',
      '--urbana\r\nContent-Disposition: form-data; name="arquivo"; filename="../../x.php"\r\nContent-Type: application/x-php\r\n\r\n<?php ?>\r\n--urbana--\r\n',
    ],
  ])('V13.2.5 Content-Type %s numa rota JSON → 415 em português', async (type, payload) => {
    for (const [method, url, cookie] of [
      ['POST', '/api/auth/sign-in', undefined],
      ['PUT', '/api/billing-profile', w.bruno.cookie],
      ['PATCH', '/api/profile', w.bruno.cookie],
    ] as const) {
      const res = await inject(ctx, { method, url, cookie, headers: { 'content-type': type }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(415);
      expectMessageOnly(res, httpMessages.unsupportedMediaType);
    }
  });
});
