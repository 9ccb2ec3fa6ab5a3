import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { loadFflate } from '../../lib/heavy-modules.ts';
import type { Storage } from '../storage.ts';
import { ownerColumns, rowsWhere } from './personal-data.ts';

type Row = Record<string, unknown>;
/** UTF-8 bytes (fflate's strToU8 does the same; fflate loads only when a zip is written). */
const text = (value: string): Uint8Array => new TextEncoder().encode(value);
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

/**
 * Everything Urbana holds about one person, as JSON per area plus the media files (issue #24 item 3).
 * The owned tables are found from the foreign keys to profiles, so none is forgotten; rows that hang
 * off an order, an ad or a ticket come with it.
 */
export async function buildExportFiles(db: Db, storage: Storage, userId: string) {
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
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(areas)) files[name] = text(JSON.stringify(data, null, 2));
  for (const m of media) {
    const stored = await storage.get(String(m.storage_key));
    if (stored) files[`midias/${String(m.id)}.${String(m.format)}`] = await readAll(stored.body);
  }
  files['LEIA-ME.txt'] = text(
    'Cópia dos seus dados na Urbana (LGPD, art. 18). Um arquivo JSON por área e os arquivos da sua biblioteca de mídias em midias/.\n',
  );
  return files;
}

export async function buildExportZip(db: Db, storage: Storage, userId: string): Promise<Buffer> {
  const files = await buildExportFiles(db, storage, userId);
  const { zipSync } = await loadFflate();
  // Media files are already compressed: stored as they are.
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, data]) => [
      name,
      [data, { level: name.startsWith('midias/') ? 0 : 6 }],
    ]),
  );
  return Buffer.from(zipSync(entries as Parameters<typeof zipSync>[0]));
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
