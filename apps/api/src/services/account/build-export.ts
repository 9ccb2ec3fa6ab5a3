import { Transform, addAbortSignal, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { Db } from '../../db/client.ts';
import { loadYazl } from '../../lib/heavy-modules.ts';
import type { Storage } from '../storage.ts';
import { ownerColumns, rowsWhere } from './personal-data.ts';

type Row = Record<string, unknown>;
const ids = (rows: Row[]) => rows.map((r) => String(r.id));

/** Tables gathered into the named areas; every other owned table goes to outros.json. */
const AREA_TABLES = new Set([
  'profiles',
  'orders',
  'invoices',
  'ads',
  'media',
  'support_tickets',
  'notifications',
]);

const README =
  'Cópia dos seus dados na Urbana (LGPD, art. 18). Um arquivo JSON por área e os arquivos da sua biblioteca de mídias em midias/.\n';

/**
 * Everything Urbana holds about one person, as JSON per area (issue #24 item 3), and the media rows
 * whose files go alongside. The owned tables are found from the foreign keys to profiles, so none is
 * forgotten; rows that hang off an order, an ad or a ticket come with it.
 */
export async function gatherExport(db: Db, userId: string) {
  const one = [userId];
  const [profile] = await rowsWhere(db, 'profiles', 'id', one);
  const orders = await rowsWhere(db, 'orders', 'user_id', one);
  const orderIds = ids(orders);
  const items = await rowsWhere(db, 'order_items', 'order_id', orderIds);
  const ads = await rowsWhere(db, 'ads', 'user_id', one);
  const tickets = await rowsWhere(db, 'support_tickets', 'user_id', one);
  const media = await rowsWhere(db, 'media', 'user_id', one);
  const areas: Record<string, unknown> = {
    'perfil.json': { perfil: profile },
    'pedidos.json': {
      pedidos: orders,
      itens: items,
      torres: await rowsWhere(db, 'order_item_towers', 'order_item_id', ids(items)),
      historico: await rowsWhere(db, 'order_status_history', 'order_id', orderIds),
      veiculacoes: await rowsWhere(db, 'campaign_runs', 'order_item_id', ids(items)),
    },
    'faturas.json': { faturas: await rowsWhere(db, 'invoices', 'user_id', one) },
    'anuncios.json': {
      anuncios: ads,
      itens: await rowsWhere(db, 'ad_items', 'ad_id', ids(ads)),
      midias: await rowsWhere(db, 'ad_media', 'ad_id', ids(ads)),
    },
    'midias.json': { midias: media },
    'atendimentos.json': {
      atendimentos: tickets,
      mensagens: await rowsWhere(db, 'support_messages', 'ticket_id', ids(tickets)),
    },
    'notificacoes.json': { notificacoes: await rowsWhere(db, 'notifications', 'user_id', one) },
  };
  const others: Record<string, Row[]> = {};
  for (const { table, column } of await ownerColumns(db)) {
    if (AREA_TABLES.has(table)) continue;
    others[table] = [...(others[table] ?? []), ...(await rowsWhere(db, table, column, one))];
  }
  areas['outros.json'] = others;
  return { areas, media };
}

/**
 * Writes the ZIP to storage as it is made (issue #39 item 6): the rows as JSON, then each media file
 * read from storage as a stream and piped in, one at a time, so memory stays a few buffers whatever
 * the library's size (built whole, 200 MB of media grew the server by ≈ 600 MB). yazl writes ZIP64
 * where sizes pass 4 GB, and checks each file's length against what storage announced.
 * Resolves to the ZIP's size; rejects (leaving no file) on any failure or when `signal` aborts.
 */
export async function writeExportZip(
  db: Db,
  storage: Storage,
  userId: string,
  key: string,
  signal: AbortSignal,
): Promise<number> {
  signal.throwIfAborted();
  const { areas, media } = await gatherExport(db, userId);
  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  const stop = new AbortController();
  const failed = AbortSignal.any([signal, stop.signal]);
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding: string, done: TransformCallback) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  const fail = (error: unknown) => {
    stop.abort(error);
    counted.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  zip.outputStream.on('error', fail).pipe(counted);
  failed.addEventListener('abort', () => fail(failed.reason), { once: true });
  const stored = storage.put(key, counted, 'application/zip');
  // If storage gives up first, the files being read stop too.
  stored.catch(fail);
  try {
    await addEntries(zip, storage, areas, media, failed);
  } catch (error) {
    fail(error);
    await stored.catch(() => undefined);
    // The first cause (a file that broke, storage that failed, the lease lost), not the abort it caused.
    throw failed.aborted ? failed.reason : error;
  }
  await stored;
  return size;
}

async function addEntries(
  zip: ZipFile,
  storage: Storage,
  areas: Record<string, unknown>,
  media: Row[],
  signal: AbortSignal,
) {
  const mtime = new Date();
  for (const [name, data] of Object.entries(areas))
    zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), name, { mtime });
  for (const m of media) {
    signal.throwIfAborted();
    const stored = await storage.get(String(m.storage_key));
    if (!stored) continue; // a file already gone from storage: its row is still in midias.json
    const body = addAbortSignal(signal, stored.body);
    // Already compressed (images, video): stored as they are. The next file opens when this one
    // has been read, so only one is ever open and in flight.
    zip.addReadStream(body, `midias/${String(m.id)}.${String(m.format)}`, {
      compress: false,
      size: stored.size,
      mtime,
    });
    await finished(body);
  }
  zip.addBuffer(Buffer.from(README), 'LEIA-ME.txt', { mtime });
  zip.end();
}
