/**
 * A large catalogue for the benchmarks in minutes, not hours (issue #21): the demo seed
 * (services/demo-catalog.ts) writes up to SEED_BASE products with photos, towers and real places;
 * beyond that every product is copied with generate_series, a few hundred metres away, with its
 * towers and photos, in one statement per table. The row triggers (network stats, migration 0012;
 * tower slots, migration 0004) are off during the copy — a million updates of the same five rows in one transaction would take an
 * hour — and the figures are counted again from the whole catalogue once, as the migration does.
 */
import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from '../../apps/api/src/db/sql.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { seedCatalog } from '../../apps/api/src/services/demo-catalog.ts';
import { LocalStorage } from '../../apps/api/src/services/storage.ts';

const SEED_BASE = 10_000;

export async function scaleCatalog(database: Database, total: number): Promise<void> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'urbana-scale-'));
  try {
    const base = Math.min(total, SEED_BASE);
    await seedCatalog(database.db, new LocalStorage(files), { products: base });
    if (total > base) await copyProducts(database, Math.ceil(total / base) - 1, total);
    // Some load on the calendar: every 7th tower has a reservation in the coming weeks.
    await database.db.execute(sql`
      insert into reservations (tower_id, product_id, latitude, longitude, slot, starts_on, ends_on)
      select t.id, t.product_id, p.latitude, p.longitude, 1, current_date + 7, current_date + 35
      from towers t join products p on p.id = t.product_id where (hashtext(t.id::text) % 7) = 0`);
    // As autovacuum would soon after: statistics, and the visibility map that index-only scans read.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

async function copyProducts(database: Database, copies: number, total: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`alter table products disable trigger products_network_stats`);
  await db.execute(sql`alter table towers disable trigger towers_network_stats`);
  await db.execute(sql`alter table towers disable trigger towers_sync_slots`);
  await db.execute(sql`drop table if exists scale_map`);
  await db.execute(sql`
    create unlogged table scale_map as
    select gen_random_uuid() as new_id, p.id as src_id, g
    from products p cross join generate_series(1, ${copies}::int) as g
    order by g, p.id
    limit ${total}::int - (select count(*) from products)`);
  await db.execute(sql`
    insert into products (id, slug, name, description, type, address, neighborhood, city, state,
      latitude, longitude, daily_price, is_tower_based, weekly_audience, audience_profile,
      operating_hours, status)
    select m.new_id, p.slug || '-c' || m.g, p.name, p.description, p.type, p.address, p.neighborhood,
      p.city, p.state,
      least(89.9, greatest(-89.9, p.latitude + (random() - 0.5) * 0.02)),
      p.longitude + (random() - 0.5) * 0.02,
      greatest(100, (p.daily_price * (0.8 + random() * 0.4))::bigint), p.is_tower_based,
      (p.weekly_audience * (0.8 + random() * 0.4))::int, p.audience_profile, p.operating_hours, p.status
    from scale_map m join products p on p.id = m.src_id`);
  await db.execute(sql`
    insert into towers (product_id, name, screens, weekly_audience, slots)
    select m.new_id, t.name, t.screens, t.weekly_audience, t.slots
    from scale_map m join towers t on t.product_id = m.src_id`);
  await db.execute(sql`
    insert into product_photos (product_id, storage_key, thumb_key, width, height, alt, position)
    select m.new_id, f.storage_key, f.thumb_key, f.width, f.height, f.alt, f.position
    from scale_map m join product_photos f on f.product_id = m.src_id`);
  await db.execute(sql`drop table scale_map`);
  // What towers_sync_slots (migration 0004) does row by row: one slot row per slot of a tower.
  await db.execute(sql`
    insert into tower_slots (tower_id, slot)
    select t.id, g from towers t cross join lateral generate_series(1, t.slots) as g
    on conflict do nothing`);
  await db.execute(sql`alter table towers enable trigger towers_sync_slots`);
  await db.execute(sql`alter table products enable trigger products_network_stats`);
  await db.execute(sql`alter table towers enable trigger towers_network_stats`);
  await db.execute(sql`delete from network_type_stats`);
  await db.execute(sql`delete from network_city_stats`);
  await db.execute(sql`
    insert into network_type_stats (type, locations, weekly_audience, screens)
    select p.type, count(*), coalesce(sum(p.weekly_audience), 0), coalesce(sum(s.screens), 0)
    from products p
    left join (select product_id, sum(screens) as screens from towers group by product_id) s
      on s.product_id = p.id
    where p.status = 'ativo' group by p.type`);
  await db.execute(sql`
    insert into network_city_stats (city, state, locations)
    select city, state, count(*) from products where status = 'ativo' group by city, state`);
}
