import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { mediaMessages } from '@urbana/shared';
import { media } from '../src/db/schema/index.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';
import { box, ftypBox, fullBox, mp4, mp4WithFreeBoxes, mvhdBox, videoTrak } from './media-files.ts';

let ctx: TestContext;
let dataDir: string;
let cookie: string;
let userId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-mp4-envio-'));
  // The default video limit (200 MB): the files below must reach the probe, not the size check.
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  const user = await createUser(ctx);
  userId = user.user.id;
  cookie = await signIn(ctx, user.email, user.password);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (body: Buffer) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'spot.mp4' },
    payload: body,
  });

/** Files under the storage folder and the upload scratch folder. */
const storedFiles = () =>
  readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dataDir, path.join(d.parentPath, d.name)))
    .sort();

async function mediaCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(media).where(eq(media.user_id, userId));
  return row!.n;
}

const picture = { width: 1080, height: 1920, seconds: 10 };
const mdat = box('mdat', Buffer.alloc(4096, 1));

const refused: Array<[string, () => Buffer, string]> = [
  ['480.000 caixas minúsculas (3,8 MB)', () => mp4WithFreeBoxes(480_000), mediaMessages.videoTooComplex],
  [
    'mvhd curto demais',
    () =>
      Buffer.concat([ftypBox(), box('moov', videoTrak(picture), fullBox('mvhd', 0, Buffer.alloc(8))), mdat]),
    mediaMessages.brokenVideo,
  ],
  [
    'caixa que passa do fim do arquivo',
    () => {
      const file = mp4(picture);
      file.writeUInt32BE(file.length, file.indexOf('mdat', 0, 'latin1') - 4);
      return file;
    },
    mediaMessages.brokenVideo,
  ],
  [
    'tkhd só com o cabeçalho',
    () => {
      const hdlr = Buffer.alloc(21);
      hdlr.write('vide', 4, 'latin1');
      const trak = box('trak', box('mdia', fullBox('hdlr', 0, hdlr)), box('tkhd'));
      return Buffer.concat([ftypBox(), box('moov', mvhdBox(10), trak), mdat]);
    },
    mediaMessages.brokenVideo,
  ],
];

describe('envio de MP4 malformado', () => {
  it.each(refused)('%s → 422 com a mensagem, nada guardado', async (_label, make, message) => {
    const before = storedFiles();
    const rows = await mediaCount();
    const res = await upload(make());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message });
    expect(await mediaCount()).toBe(rows);
    expect(storedFiles()).toEqual(before);
  });

  it('um MP4 íntegro continua aceito', async () => {
    const res = await upload(mp4(picture));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'video', width: 1080, height: 1920, duration_ms: 10_000 });
    expect(await mediaCount()).toBe(1);
  });
});
