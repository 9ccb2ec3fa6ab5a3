import { Transform, addAbortSignal, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { Db } from '../../db/client.ts';
import { loadYazl } from '../../lib/heavy-modules.ts';
import type { Storage } from '../storage.ts';
import { formatDate, formatDateTime, formatMoney } from '@urbana/shared';
import {
  COLUMN_LABELS,
  EXPORT_FILES,
  EXPORT_TABLES,
  INTERNAL_COLUMNS,
  MONEY_COLUMNS,
} from './export-labels.ts';
import { ownerColumns, rowsWhere } from './personal-data.ts';

type Row = Record<string, unknown>;
const ids = (rows: Row[]) => rows.map((r) => String(r.id));

/** Tables read through their parent (an order, an ad, a ticket) or by the profile's own id. */
const AREA_TABLES = new Set([
  'profiles',
  'orders',
  'order_items',
  'order_item_towers',
  'order_status_history',
  'campaign_runs',
  'invoices',
  'ads',
  'ad_items',
  'ad_media',
  'media',
  'support_tickets',
  'support_messages',
  'notifications',
]);

/** A value as a person reads it: reais, dates and times in Brasília, "Sim"/"Não", nested keys labelled. */
function readableValue(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (MONEY_COLUMNS.has(column) && ['number', 'string', 'bigint'].includes(typeof value))
    return formatMoney(Number(value));
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(value))
    return formatDateTime(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.map((v) => readableValue(column, v));
  if (typeof value === 'object') return readableRow(value as Row);
  return value;
}

/** A row under Portuguese labels, without Urbana's internal bookkeeping (export-labels.ts). */
export function readableRow(row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (INTERNAL_COLUMNS.has(column)) continue;
    out[COLUMN_LABELS[column] ?? column] = readableValue(column, value);
  }
  return out;
}

/** LEIA-ME.txt: what the copy is and what each of its files holds. */
function readme(files: string[]) {
  return [
    'Cópia dos seus dados na Urbana (LGPD, art. 18).',
    '',
    'Cada arquivo .json reúne um assunto, em seções com títulos em português:',
    ...files.map((f) => `- ${f}: ${EXPORT_FILES[f] ?? 'outros dados'}.`),
    '- midias/: os arquivos da sua biblioteca de mídias, como você os enviou.',
    '',
    'Valores em reais; datas e horas no horário de Brasília. "Identificador" é o código de cada',
    'registro na Urbana: cite-o ao falar com o suporte sobre ele. Senhas, códigos de acesso e',
    'dados internos de funcionamento do sistema não fazem parte da cópia.',
    '',
  ].join('\n');
}

/**
 * Everything Urbana holds about one person (issue #24 item 3), readable (issue #40 item 9): one JSON
 * file per subject, each table a section under its Portuguese title (export-labels.ts), and the media
 * rows whose files go alongside. The owned tables are found from the foreign keys to profiles, so none
 * is forgotten; rows that hang off an order, an ad or a ticket come with it.
 */
export async function gatherExport(db: Db, userId: string) {
  const one = [userId];
  const orders = await rowsWhere(db, 'orders', 'user_id', one);
  const items = await rowsWhere(db, 'order_items', 'order_id', ids(orders));
  const ads = await rowsWhere(db, 'ads', 'user_id', one);
  const tickets = await rowsWhere(db, 'support_tickets', 'user_id', one);
  const media = await rowsWhere(db, 'media', 'user_id', one);
  const raw: Record<string, Row[]> = {
    profiles: await rowsWhere(db, 'profiles', 'id', one),
    orders,
    order_items: items,
    order_item_towers: await rowsWhere(db, 'order_item_towers', 'order_item_id', ids(items)),
    order_status_history: await rowsWhere(db, 'order_status_history', 'order_id', ids(orders)),
    campaign_runs: await rowsWhere(db, 'campaign_runs', 'order_item_id', ids(items)),
    invoices: await rowsWhere(db, 'invoices', 'user_id', one),
    ads,
    ad_items: await rowsWhere(db, 'ad_items', 'ad_id', ids(ads)),
    ad_media: await rowsWhere(db, 'ad_media', 'ad_id', ids(ads)),
    media,
    support_tickets: tickets,
    support_messages: await rowsWhere(db, 'support_messages', 'ticket_id', ids(tickets)),
    notifications: await rowsWhere(db, 'notifications', 'user_id', one),
  };
  for (const { table, column } of await ownerColumns(db)) {
    if (AREA_TABLES.has(table)) continue;
    const seen = new Set((raw[table] ?? []).map((r) => JSON.stringify(r)));
    const more = (await rowsWhere(db, table, column, one)).filter((r) => !seen.has(JSON.stringify(r)));
    raw[table] = [...(raw[table] ?? []), ...more];
  }
  const areas: Record<string, Record<string, Row[]>> = {};
  for (const [table, rows] of Object.entries(raw)) {
    if (rows.length === 0) continue;
    const place = EXPORT_TABLES[table] ?? { file: 'outros.json', title: table };
    (areas[place.file] ??= {})[place.title] = rows.map(readableRow);
  }
  return { areas, media, readme: readme(Object.keys(areas).sort()) };
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
  const { areas, media, readme: about } = await gatherExport(db, userId);
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
    await addEntries(zip, storage, { areas, media, about }, failed);
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
  { areas, media, about }: { areas: Record<string, unknown>; media: Row[]; about: string },
  signal: AbortSignal,
) {
  const mtime = new Date();
  for (const [name, data] of Object.entries(areas))
    zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), name, { mtime });
  for (const m of media) {
    signal.throwIfAborted();
    const stored = await storage.get(String(m.storage_key));
    if (!stored) continue; // a file already gone from storage: its row is still in midias.json
    // Named as the person named it (its identifier keeps two files of the same name apart).
    const body = addAbortSignal(signal, stored.body);
    // Already compressed (images, video): stored as they are. The next file opens when this one
    // has been read, so only one is ever open and in flight.
    zip.addReadStream(body, `midias/${fileName(m)}`, {
      compress: false,
      size: stored.size,
      mtime,
    });
    await finished(body);
  }
  zip.addBuffer(Buffer.from(about), 'LEIA-ME.txt', { mtime });
  zip.end();
}

/** A media file's name in the ZIP: its name in the library and its identifier, then its format. */
function fileName(m: Row): string {
  const base = String(m.name ?? '')
    .replace(/\.[a-z0-9]{2,4}$/i, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base ? `${base} - ` : ''}${String(m.id)}.${String(m.format)}`;
}
