import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadFileType, loadSharp } from '../lib/heavy-modules.ts';
import { and, asc, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import {
  mediaKindOf,
  mediaMessages,
  mediaMimeTypes,
  type AdStatus,
  type CreativeFormat,
  type MediaLimits,
} from '@urbana/shared';
import type { Db, Tx } from '../db/client.ts';
import { adMedia, ads, media } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { probeUploadedMp4 } from './mp4-probe.ts';
import type { Storage } from './storage.ts';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  config: { dataDir: string; media: MediaLimits };
}

const SNIFF_BYTES = 4100;
const THUMB_WIDTH = 480;
const MAX_PIXELS = 80_000_000;

const formatOf: Record<string, CreativeFormat> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

/** An SVG or other markup: text that opens with "<" (after a BOM or spaces) and names svg. */
function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 2000)
    .toLowerCase();
  return text.startsWith('<') && text.includes('<svg');
}

/** A file name as the user knows it: no folders, no control characters, at most 120 characters. */
export function cleanMediaName(raw: string | undefined): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: keep it as sent.
  }
  name = name
    .split(/[\\/]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120);
  return name || 'arquivo';
}

export interface ReceivedFile {
  file: string;
  format: CreativeFormat;
  size: number;
}

/**
 * Streams an upload to a temporary file, reading its real type from the first bytes and stopping as
 * soon as it passes its limit. Nothing is left behind on any failure (the caller removes `file` after
 * use).
 */
export async function receiveUpload(
  deps: MediaDeps,
  body: Readable,
  limits: { image: number; video: number; room: number; roomMessage: string },
  allowed: readonly CreativeFormat[] = ['jpg', 'png', 'webp', 'mp4'],
): Promise<ReceivedFile> {
  const dir = path.join(deps.config.dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.envio`);
  let head = Buffer.alloc(0);
  let format: CreativeFormat | undefined;
  let size = 0;
  const decide = async () => {
    if (looksLikeSvg(head)) throw new AppError(415, mediaMessages.svg);
    const { fileTypeFromBuffer } = await loadFileType();
    const type = await fileTypeFromBuffer(head);
    const found = type ? formatOf[type.mime] : undefined;
    if (!found || !allowed.includes(found)) throw new AppError(415, mediaMessages.unsupported);
    format = found;
  };
  const check = () => {
    if (!format) return;
    if (format === 'mp4' && size > limits.video)
      throw new AppError(413, mediaMessages.videoTooLarge(limits.video));
    if (format !== 'mp4' && size > limits.image)
      throw new AppError(413, mediaMessages.imageTooLarge(limits.image));
    if (size > limits.room) throw new AppError(413, limits.roomMessage);
  };

  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      const run = async () => {
        if (!format) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          if (head.length >= SNIFF_BYTES) await decide();
        }
        check();
      };
      run().then(
        () => done(null, chunk),
        (error: unknown) => done(error as Error),
      );
    },
    flush(done) {
      const run = async () => {
        if (size === 0) throw new AppError(422, mediaMessages.empty);
        if (!format) await decide();
        check();
      };
      run().then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    },
  });
  const out = createWriteStream(file);
  try {
    await pipeline(body, guard, out);
  } catch (error) {
    // Refused at once, the file may still be opening: removed only after its stream has closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError(400, mediaMessages.aborted);
  }
  return { file, format: format!, size };
}

/** Re-encodes an image without its metadata (EXIF, GPS, ICC comments) and makes a thumbnail. */
export async function processImage(file: string, format: CreativeFormat) {
  try {
    const base = (await loadSharp())(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      format === 'png'
        ? base.png({ compressionLevel: 9 })
        : format === 'webp'
          ? base.webp({ quality: 90 })
          : base.jpeg({ quality: 90, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await (
      await loadSharp()
    )(data)
      .resize({ width: THUMB_WIDTH, height: THUMB_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data, thumb, width: info.width, height: info.height };
  } catch {
    throw new AppError(422, mediaMessages.brokenImage);
  }
}

export async function usedBytes(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ total: sum(media.size_bytes) })
    .from(media)
    .where(eq(media.user_id, userId));
  return Number(row?.total ?? 0);
}

function toMedia(
  row: typeof media.$inferSelect,
  usedIn: Array<{ id: string; name: string; status: AdStatus }>,
) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    format: row.format,
    mime: row.mime,
    size_bytes: row.size_bytes,
    width: row.width,
    height: row.height,
    duration_ms: row.duration_ms,
    url: `/api/media/${row.id}/arquivo`,
    thumb_url: row.thumb_key ? `/api/media/${row.id}/miniatura` : null,
    created_at: row.created_at.toISOString(),
    used_in: usedIn,
  };
}
export type MediaItem = ReturnType<typeof toMedia>;

async function usage(db: Db, ids: string[]) {
  const byMedia = new Map<string, Array<{ id: string; name: string; status: AdStatus }>>();
  if (ids.length === 0) return byMedia;
  const rows = await db
    .select({ media_id: adMedia.media_id, id: ads.id, name: ads.name, status: ads.status })
    .from(adMedia)
    .innerJoin(ads, eq(ads.id, adMedia.ad_id))
    .where(inArray(adMedia.media_id, ids))
    .orderBy(asc(ads.created_at));
  for (const r of rows) {
    const list = byMedia.get(r.media_id) ?? [];
    list.push({ id: r.id, name: r.name, status: r.status });
    byMedia.set(r.media_id, list);
  }
  return byMedia;
}

export async function listMedia(deps: MediaDeps, userId: string) {
  const rows = await deps.db
    .select()
    .from(media)
    .where(eq(media.user_id, userId))
    .orderBy(desc(media.created_at), desc(media.id));
  const used = await usage(
    deps.db,
    rows.map((r) => r.id),
  );
  const usedBytesTotal = rows.reduce((n, r) => n + r.size_bytes, 0);
  return {
    items: rows.map((r) => toMedia(r, used.get(r.id) ?? [])),
    used_bytes: usedBytesTotal,
    quota_bytes: deps.config.media.quotaBytes,
    limits: { image_bytes: deps.config.media.imageMaxBytes, video_bytes: deps.config.media.videoMaxBytes },
  };
}

export async function getMedia(deps: MediaDeps, userId: string, id: string) {
  const row = await deps.db.query.media.findFirst({
    where: and(eq(media.id, id), eq(media.user_id, userId)),
  });
  if (!row) throw new AppError(404, mediaMessages.notFound);
  const used = await usage(deps.db, [row.id]);
  return toMedia(row, used.get(row.id) ?? []);
}

/**
 * Receives one upload into the user's library: real type, limits, quota (checked again under a
 * per-user lock so that parallel uploads cannot pass it together), metadata stripped, thumbnail.
 */
/**
 * Stores an upload: a video as it came (after its MP4 check), an image re-encoded with its thumbnail.
 * Each stored key goes into `stored` as soon as it is written, for the caller to clean up on failure.
 */
async function storeMedia(
  storage: MediaDeps['storage'],
  received: ReceivedFile,
  keys: { file: string; thumb: string },
  stored: string[],
): Promise<{ width: number; height: number; durationMs: number | null; size: number; thumb: boolean }> {
  const mime = mediaMimeTypes[received.format];
  if (received.format === 'mp4') {
    const info = await probeUploadedMp4(received.file);
    await storage.putFile(keys.file, received.file, mime);
    stored.push(keys.file);
    return {
      width: info.width,
      height: info.height,
      durationMs: info.durationMs,
      size: received.size,
      thumb: false,
    };
  }
  const image = await processImage(received.file, received.format);
  await storage.put(keys.file, image.data, mime);
  stored.push(keys.file);
  await storage.put(keys.thumb, image.thumb, 'image/webp');
  stored.push(keys.thumb);
  return { width: image.width, height: image.height, durationMs: null, size: image.data.length, thumb: true };
}

export async function uploadMedia(
  deps: MediaDeps,
  userId: string,
  body: Readable,
  rawName: string | undefined,
) {
  const limits = deps.config.media;
  const before = await usedBytes(deps.db, userId);
  const received = await receiveUpload(deps, body, {
    image: limits.imageMaxBytes,
    video: limits.videoMaxBytes,
    room: Math.max(0, limits.quotaBytes - before),
    roomMessage: mediaMessages.quota(limits.quotaBytes, before),
  });
  const id = randomUUID();
  const ext = received.format;
  const keys = {
    file: `midias/${userId}/${id}.${ext}`,
    thumb: `midias/${userId}/${id}-miniatura.webp`,
  };
  const stored: string[] = [];
  try {
    const mime = mediaMimeTypes[received.format];
    const meta = await storeMedia(deps.storage, received, keys, stored);

    const row = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${userId}`}))`);
      const used = await usedBytes(tx, userId);
      if (used + meta.size > limits.quotaBytes)
        throw new AppError(413, mediaMessages.quota(limits.quotaBytes, used));
      const [inserted] = await tx
        .insert(media)
        .values({
          id,
          user_id: userId,
          name: cleanMediaName(rawName),
          kind: mediaKindOf(received.format),
          format: received.format,
          mime,
          size_bytes: meta.size,
          width: meta.width,
          height: meta.height,
          duration_ms: meta.durationMs,
          storage_key: keys.file,
          thumb_key: meta.thumb ? keys.thumb : null,
        })
        .returning();
      return inserted!;
    });
    return toMedia(row, []);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(received.file, { force: true });
  }
}

export async function renameMedia(deps: MediaDeps, userId: string, id: string, name: string) {
  const clean = name.trim();
  if (!clean || clean.length > 120) throw new AppError(400, mediaMessages.badName);
  const [row] = await deps.db
    .update(media)
    .set({ name: clean, updated_at: new Date() })
    .where(and(eq(media.id, id), eq(media.user_id, userId)))
    .returning({ id: media.id });
  if (!row) throw new AppError(404, mediaMessages.notFound);
  return getMedia(deps, userId, id);
}

/** Deletes a file of the library, refused while an ad that is not finished uses it. */
export async function deleteMedia(deps: MediaDeps, userId: string, id: string) {
  const keys = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.id, id), eq(media.user_id, userId)))
      .for('update');
    if (!row) throw new AppError(404, mediaMessages.notFound);
    const [active] = await tx
      .select({ name: ads.name })
      .from(adMedia)
      .innerJoin(ads, eq(ads.id, adMedia.ad_id))
      .where(and(eq(adMedia.media_id, id), ne(ads.status, 'finalizado')))
      .limit(1);
    if (active) throw new AppError(409, mediaMessages.inUse(active.name));
    await tx.delete(media).where(eq(media.id, id));
    return [row.storage_key, row.thumb_key].filter((k): k is string => Boolean(k));
  });
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
}

/** A stored file of a media item, for its owner or for staff reviewing an ad. */
export async function mediaFile(
  deps: MediaDeps,
  viewer: { id: string; staff: boolean },
  id: string,
  variant: 'arquivo' | 'miniatura',
) {
  const row = await deps.db.query.media.findFirst({ where: eq(media.id, id) });
  if (!row || (row.user_id !== viewer.id && !viewer.staff)) throw new AppError(404, mediaMessages.notFound);
  const key = variant === 'arquivo' ? row.storage_key : row.thumb_key;
  if (!key) throw new AppError(404, mediaMessages.notFound);
  const object = await deps.storage.get(key);
  if (!object) throw new AppError(404, mediaMessages.notFound);
  const ext = variant === 'arquivo' ? row.format : 'webp';
  const base = row.name.replace(/\.[a-z0-9]{2,4}$/i, '');
  return { object, filename: `${base}${variant === 'miniatura' ? '-miniatura' : ''}.${ext}` };
}
