import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { LocalStorage, S3Storage, type Storage } from '../src/services/storage.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'urbana-storage-'));
  dirs.push(d);
  return d;
};

let s3server: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  // A real S3-protocol server on loopback.
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tmp(),
    configureBuckets: [{ name: 'urbana-teste', configs: [] }],
  });
  const address = (await s3server.run()) as AddressInfo;
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'urbana-teste',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const implementations: Array<[string, () => Storage]> = [
  ['pasta local', () => new LocalStorage(tmp())],
  ['S3', () => s3],
];

describe.each(implementations)('armazenamento: %s', (_name, make) => {
  it('grava, lê com o tipo e o tamanho, e apaga', async () => {
    const storage = make();
    const body = Buffer.from('conteúdo de teste da Urbana');
    await storage.put('catalogo/teste-1.txt', body, 'text/plain; charset=utf-8');
    const object = await storage.get('catalogo/teste-1.txt');
    expect(object?.contentType).toBe('text/plain; charset=utf-8');
    expect(object?.size).toBe(body.length);
    expect((await readAll(object!.body)).equals(body)).toBe(true);
    await storage.delete('catalogo/teste-1.txt');
    expect(await storage.get('catalogo/teste-1.txt')).toBeNull();
  });

  it('grava a partir de um arquivo em disco (envio em fluxo) e lê os mesmos bytes', async () => {
    const storage = make();
    const source = path.join(tmp(), 'video.mp4');
    const body = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    writeFileSync(source, body);
    await storage.putFile('midias/teste/video.mp4', source, 'video/mp4');
    const object = await storage.get('midias/teste/video.mp4');
    expect(object?.contentType).toBe('video/mp4');
    expect(object?.size).toBe(body.length);
    expect((await readAll(object!.body)).equals(body)).toBe(true);
    await storage.delete('midias/teste/video.mp4');
    expect(await storage.get('midias/teste/video.mp4')).toBeNull();
  });

  it('grava a partir de um fluxo de tamanho desconhecido (no S3, em partes) e lê os mesmos bytes', async () => {
    const storage = make();
    // 17 MiB and a bit: three parts of a multipart upload on S3.
    const chunks = Array.from({ length: 17 }, (_, i) => Buffer.alloc(1024 * 1024, i));
    chunks.push(Buffer.from('fim'));
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    await storage.put('exportacoes/teste/fluxo.zip', Readable.from(chunks), 'application/zip');
    const object = await storage.get('exportacoes/teste/fluxo.zip');
    const whole = Buffer.concat(chunks);
    expect(object?.contentType).toBe('application/zip');
    expect(object?.size).toBe(whole.length);
    expect(sha256(await readAll(object!.body))).toBe(sha256(whole));
    await storage.delete('exportacoes/teste/fluxo.zip');
  });

  it('um fluxo que falha no meio não deixa arquivo', async () => {
    const storage = make();
    async function* broken() {
      yield Buffer.alloc(6 * 1024 * 1024, 1);
      throw new Error('origem interrompida');
    }
    await expect(
      storage.put('exportacoes/teste/quebrado.zip', Readable.from(broken()), 'application/zip'),
    ).rejects.toThrow('origem interrompida');
    expect(await storage.get('exportacoes/teste/quebrado.zip')).toBeNull();
  });

  it('um arquivo que não existe é nulo', async () => {
    expect(await make().get('catalogo/nao-existe.webp')).toBeNull();
  });

  it('recusa chaves perigosas', async () => {
    const storage = make();
    for (const key of ['../fora.txt', 'catalogo/../../x', '/absoluto', 'Maiusculas.txt', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'chave de arquivo inválida',
      );
    }
  });
});
