import { createHash, randomFillSync, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { dataExports, media } from '../src/db/schema/index.ts';
import { exportKey, processDataExports, type ExportDeps } from '../src/services/account/data-export.ts';
import type { Storage } from '../src/services/storage.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

// Issue #39 item 6: the export of a large library is streamed, entry by entry, from storage to storage.
const MB = 1024 * 1024;
const FILES = 12;
const FILE_BYTES = 15 * MB; // 180 MB of media, about the size that grew the server by ≈ 600 MB.
/**
 * What the build may add to the process, whatever the library's size: a few stream buffers (64 KB
 * reads, the zip's output), the rows as JSON, and garbage the collector has not yet reclaimed. Well
 * under the 180 MB of media, so a build that holds the files (or the ZIP) in memory cannot pass.
 */
const GROWTH_LIMIT = 100 * MB;
const ORIGIN = { origin: 'http://localhost:3000' };

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-exportacao-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deps = (): ExportDeps => ctx.app.deps;

/** `size` random bytes made 1 MB at a time (never held whole), with their SHA-256 once read. */
function randomStream(size: number) {
  const hash = createHash('sha256');
  let left = size;
  const body = new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = randomFillSync(Buffer.allocUnsafe(Math.min(MB, left)));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { body, digest: () => hash.digest('hex') };
}

/** A person whose library is written straight into storage (an upload would only slow the test down). */
async function personWithLibrary(count: number, bytes: number) {
  const { user, email, password } = await createUser(ctx);
  const expected = new Map<string, { size: number; sha256: string }>();
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const key = `midias/${user.id}/${id}.mp4`;
    const source = randomStream(bytes);
    await deps().storage.put(key, source.body, 'video/mp4');
    await ctx.database.db.insert(media).values({
      id,
      user_id: user.id,
      name: `Vídeo ${i + 1}.mp4`,
      kind: 'video',
      format: 'mp4',
      mime: 'video/mp4',
      size_bytes: bytes,
      width: 1920,
      height: 1080,
      duration_ms: 15_000,
      storage_key: key,
    });
    // Named as in the library, with its identifier (issue #40 item 9).
    expected.set(`midias/Vídeo ${i + 1} - ${id}.mp4`, { size: bytes, sha256: source.digest() });
  }
  return { id: user.id, cookie: await signIn(ctx, email, password), expected };
}

async function askForExport(cookie: string) {
  const asked = await inject(ctx, { method: 'POST', url: '/api/account/exports', cookie, headers: ORIGIN });
  expect(asked.statusCode, asked.body).toBe(202);
  const list = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie });
  return list.json().items[0] as { id: string; status: string; download_url: string | null };
}

/** The highest resident size and heap+buffers seen while `work` runs, above what they were before. */
async function peakGrowth<T>(work: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    heap = Math.max(heap, now.heapUsed + now.external - before.heapUsed - before.external);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

/** Each entry of a ZIP on disk, read as a stream (the central directory first, as unzip tools do). */
async function zipEntries(file: string) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const found = new Map<string, { size: number; sha256: string; text?: string }>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const hash = createHash('sha256');
        let size = 0;
        const small: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
          if (!entry.fileName.startsWith('midias/')) small.push(chunk);
        });
        stream.on('error', reject);
        stream.on('end', () => {
          found.set(entry.fileName, {
            size,
            sha256: hash.digest('hex'),
            ...(small.length ? { text: Buffer.concat(small).toString('utf8') } : {}),
          });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return found;
}

describe('cópia dos dados de uma biblioteca grande', () => {
  it('o ZIP é gravado em fluxo, com memória limitada, e traz cada arquivo inteiro', async () => {
    const person = await personWithLibrary(FILES, FILE_BYTES);
    const asked = await askForExport(person.cookie);
    expect(asked).toMatchObject({ status: 'pendente', download_url: null });

    const { result, rss, heap } = await peakGrowth(() => processDataExports(deps()));
    expect(result).toBe(1);
    const figures = `RSS +${(rss / MB).toFixed(0)} MB, heap+buffers +${(heap / MB).toFixed(0)} MB`;
    expect(rss, figures).toBeLessThan(GROWTH_LIMIT);
    expect(heap, figures).toBeLessThan(GROWTH_LIMIT);

    const list = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie: person.cookie });
    const item = list.json().items[0];
    expect(item).toMatchObject({ id: asked.id, status: 'pronto' });
    expect(item.size_bytes).toBeGreaterThan(FILES * FILE_BYTES);

    // Downloaded over HTTP into a file: the answer streams from storage with its length.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${item.download_url}`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(Number(res.headers.get('content-length'))).toBe(item.size_bytes);
    const file = path.join(dataDir, 'baixado.zip');
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));

    const entries = await zipEntries(file);
    for (const [name, want] of person.expected) expect(entries.get(name), name).toEqual(want);
    for (const name of ['perfil.json', 'midias.json', 'acesso-e-seguranca.json', 'LEIA-ME.txt'])
      expect(entries.has(name), name).toBe(true);
    expect(JSON.parse(entries.get('midias.json')!.text!)['Biblioteca de mídias']).toHaveLength(FILES);
    expect(JSON.parse(entries.get('perfil.json')!.text!)['Perfil'][0]['Identificador']).toBe(person.id);
  }, 120_000);
});

/** The same storage, with media files that arrive slowly (or break midway). */
function slowStorage(storage: Storage, options: { msPerChunk: number; failAfter?: number }): Storage {
  return Object.assign(Object.create(storage) as Storage, {
    async get(key: string) {
      const stored = await storage.get(key);
      if (!stored || !key.startsWith('midias/')) return stored;
      let chunks = 0;
      const slow = new Transform({
        highWaterMark: 1,
        transform(chunk: Buffer, _enc: string, done: TransformCallback) {
          chunks += 1;
          if (options.failAfter !== undefined && chunks > options.failAfter)
            return done(new Error('leitura do armazenamento interrompida'));
          setTimeout(() => done(null, chunk), options.msPerChunk);
        },
      });
      stored.body.pipe(slow);
      return { ...stored, body: slow };
    },
  });
}

const statusOf = async (id: string) =>
  (await ctx.database.db.query.dataExports.findFirst({ where: eq(dataExports.id, id) }))!;

describe('a fila de cópias dos dados', () => {
  it('uma geração interrompida (o servidor reiniciou) é retomada quando o prazo do trabalho vence', async () => {
    const person = await personWithLibrary(1, 64 * 1024);
    const asked = await askForExport(person.cookie);
    // What a crashed instance leaves: "gerando", its claim still running for a while.
    await ctx.database.db
      .update(dataExports)
      .set({ status: 'gerando', attempts: 1, locked_until: new Date(Date.now() + 60_000) })
      .where(eq(dataExports.id, asked.id));
    expect(await processDataExports(deps())).toBe(0);
    const waiting = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie: person.cookie });
    // The customer sees it being prepared, as before.
    expect(waiting.json().items[0]).toMatchObject({ status: 'pendente', download_url: null });

    await ctx.database.db
      .update(dataExports)
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, asked.id));
    expect(await processDataExports(deps())).toBe(1);
    expect(await statusOf(asked.id)).toMatchObject({ status: 'pronto', attempts: 2, locked_until: null });
  });

  it('uma geração mais longa que o prazo o renova: outra instância não a pega', async () => {
    const person = await personWithLibrary(3, 256 * 1024);
    const asked = await askForExport(person.cookie);
    // About 4 s of reading (12 chunks of 64 KB), against a lease of 2 s renewed every ⅔ s.
    const slow = { ...deps(), storage: slowStorage(deps().storage, { msPerChunk: 350 }) };
    const building = processDataExports(slow, { leaseSeconds: 2 });
    await new Promise((r) => setTimeout(r, 2600));
    expect(await statusOf(asked.id)).toMatchObject({ status: 'gerando', attempts: 1 });
    // Past the first lease: without renewal another instance would build the same file again.
    expect(await processDataExports(deps(), { leaseSeconds: 2 })).toBe(0);
    expect(await building).toBe(1);
    expect(await statusOf(asked.id)).toMatchObject({ status: 'pronto', attempts: 1 });
  });

  it('uma conta excluída durante a geração não deixa o ZIP no armazenamento', async () => {
    const person = await personWithLibrary(3, 256 * 1024);
    const asked = await askForExport(person.cookie);
    const slow = { ...deps(), storage: slowStorage(deps().storage, { msPerChunk: 200 }) };
    const building = processDataExports(slow, { leaseSeconds: 1 });
    await new Promise((r) => setTimeout(r, 800));
    // What deleting the account does to its exports (delete-account.ts) while the file is being written.
    await ctx.database.db.delete(dataExports).where(eq(dataExports.id, asked.id));
    expect(await building).toBe(0);
    const folder = path.join(dataDir, 'arquivos', 'exportacoes', person.id);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('uma falha volta à fila e, na terceira tentativa, fica como falhou, sem arquivo pela metade', async () => {
    const person = await personWithLibrary(1, 1024 * 1024);
    const asked = await askForExport(person.cookie);
    const broken = { ...deps(), storage: slowStorage(deps().storage, { msPerChunk: 0, failAfter: 3 }) };
    for (const attempt of [1, 2, 3]) {
      await expect(processDataExports(broken)).rejects.toThrow('leitura do armazenamento interrompida');
      const row = await statusOf(asked.id);
      expect(row).toMatchObject({ attempts: attempt, status: attempt < 3 ? 'pendente' : 'falhou' });
      expect(await deps().storage.get(exportKey(person.id, asked.id, attempt))).toBeNull();
      // The next try waits a little (not a tight loop on a broken file); the test does not.
      await ctx.database.db
        .update(dataExports)
        .set({ locked_until: null })
        .where(eq(dataExports.id, asked.id));
    }
    const list = await inject(ctx, { method: 'GET', url: '/api/account/exports', cookie: person.cookie });
    expect(list.json().items[0]).toMatchObject({ status: 'falhou', download_url: null });
  });
});
