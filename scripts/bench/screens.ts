/**
 * npm run bench:screens — proof of play at scale (issue #43): 1,000 screens each reporting its last
 * minute of plays (a 60 s loop of six 10 s spots: 6 plays a report) every minute for 10 minutes,
 * 10,000 signed reports and 60,000 plays, on the PostgreSQL server. The 10 minutes are compressed
 * in time: the reports are sent as fast as the server takes them (8 in flight, as many as the connection pool), each carrying the
 * plays of its own simulated minute, so the figure is the endpoint under more than 10 × its real
 * load (1,000 screens send about 17 reports a second). Through the real route (app.inject: the
 * signature, the batch check, the append), beside its floor measured in the same run on the same
 * database: the same rows appended by one bare INSERT, same concurrency. Then the database's growth
 * per screen-day: the bytes `plays` (table and indexes) took per play × the plays of a day of
 * operation (18 h, 6 plays a minute). Writes bench/screens.json; exits 1 when the budget is missed.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from '../../apps/api/src/db/sql.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { plays } from '../../apps/api/src/db/schema/index.ts';
import { signPlayerRequest } from '../../apps/api/src/services/players/signature.ts';
import { SCREENS_P95_BUDGET_MS } from './screens-budget.ts';
import { startApi, withScratchDatabase } from './start.ts';

const SCREENS = 1000;
const MINUTES = 10;
const PLAYS_PER_MINUTE = 6;
const IN_FLIGHT = 8;
const HOURS_A_DAY = 18;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `work(i)` for i in [0, count) with at most `limit` at once; the time of each, in ms. */
async function pool(count: number, limit: number, work: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = new Array<number>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const s = performance.now();
      await work(i);
      times[i] = performance.now() - s;
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return times;
}

interface Screen extends Record<string, unknown> {
  id: string;
  secret: string;
  tower_id: string;
}

async function seed(database: Database): Promise<{ screens: Screen[]; media: string }> {
  await database.db.execute(sql.raw(`
    insert into products (slug, name, type, city, state, latitude, longitude, daily_price, weekly_audience,
      is_tower_based)
    select 'bench-tela-' || g, 'Painel bench ' || g, 'painel_led', 'Brasília', 'DF', -15.79, -47.88, 50000,
      100000, false
    from generate_series(1, ${SCREENS}) g`));
  await database.db.execute(sql`
    insert into towers (product_id, name, slots)
    select id, 'Face', 6 from products where slug like 'bench-tela-%'`);
  const rows = await database.db.execute<Screen>(sql`
    insert into players (tower_id, name, resolution, orientation, loop_seconds, spot_seconds, opens_at,
      closes_at, secret)
    select t.id, 'Tela ' || p.slug, '1920x1080', 'paisagem', 60, 10, '06:00', '00:00',
      md5(random()::text) || md5(random()::text)
    from towers t join products p on p.id = t.product_id where p.slug like 'bench-tela-%'
    returning id, secret, tower_id`);
  // The house creative every screen plays (a media row of a staff member's library).
  const [owner] = (
    await database.db.execute<{ id: string }>(sql`
      insert into profiles (email, nome_completo, tipo_usuario) values ('bench-telas@urbana.com.br', 'Bench', 'operador')
      returning id`)
  ).rows;
  const [file] = (
    await database.db.execute<{ id: string }>(sql`
      insert into media (user_id, name, kind, format, mime, width, height, size_bytes, storage_key)
      values (${owner!.id}, 'casa.png', 'imagem', 'png', 'image/png', 1920, 1080, 1000, 'bench/casa.png')
      returning id`)
  ).rows;
  await database.db.execute(sql`insert into house_creatives (media_id, added_by) values (${file!.id}, ${owner!.id})`);
  return { screens: rows.rows, media: file!.id };
}

/** The six plays of minute `minute` of the simulated ten (the oldest minute first). */
function minuteOfPlays(media: string, start: number, minute: number) {
  return Array.from({ length: PLAYS_PER_MINUTE }, (_, k) => {
    const s = start + minute * 60_000 + k * 10_000;
    return {
      id: randomUUID(),
      media_id: media,
      booking_id: null,
      started_at: new Date(s).toISOString(),
      ended_at: new Date(s + 10_000).toISOString(),
      duration_ms: 10_000,
    };
  });
}

const playsSize = async (database: Database) =>
  Number(
    (await database.db.execute<{ n: string }>(sql`select pg_total_relation_size('plays')::text as n`)).rows[0]!.n,
  );

async function run(database: Database) {
  await database.migrate();
  const { app } = await startApi(database);
  await app.ready();
  const { screens, media } = await seed(database);
  const start = Date.now() - (MINUTES + 1) * 60_000;
  const before = await playsSize(database);
  const reports = SCREENS * MINUTES;
  let failures = 0;
  // Minute by minute, every screen: as the reports would arrive.
  const times = await pool(reports, IN_FLIGHT, async (i) => {
    const screen = screens[i % SCREENS]!;
    const url = `/api/telas/${screen.id}/exibicoes`;
    const body = JSON.stringify({ plays: minuteOfPlays(media, start, Math.floor(i / SCREENS)) });
    const time = String(Math.floor(Date.now() / 1000));
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-urbana-tela-data': time,
        'x-urbana-tela-assinatura': signPlayerRequest(screen.secret, { time, method: 'POST', path: url, body }),
      },
      payload: body,
    });
    if (res.statusCode !== 200) failures += 1;
  });
  const wall = times.reduce((a, b) => a + b, 0) / IN_FLIGHT;
  const recorded = Number(
    (await database.db.execute<{ n: string }>(sql`select count(*)::text as n from plays`)).rows[0]!.n,
  );
  const grown = (await playsSize(database)) - before;
  // The floor: the same rows by one bare INSERT each, same concurrency, same database.
  const floor = await pool(reports, IN_FLIGHT, async (i) => {
    const screen = screens[i % SCREENS]!;
    await database.db.insert(plays).values(
      minuteOfPlays(media, start, Math.floor(i / SCREENS)).map((p) => ({
        ...p,
        player_id: screen.id,
        tower_id: screen.tower_id,
        started_at: new Date(p.started_at),
        ended_at: new Date(p.ended_at),
      })),
    );
  });
  await app.close();
  const bytesPerPlay = grown / recorded;
  const perScreenDay = bytesPerPlay * PLAYS_PER_MINUTE * 60 * HOURS_A_DAY;
  return {
    screens: SCREENS,
    minutes: MINUTES,
    reports,
    plays_recorded: recorded,
    failures,
    in_flight: IN_FLIGHT,
    reports_per_s: Math.round(reports / (wall / 1000)),
    p50_ms: Number(percentile(times, 50).toFixed(1)),
    p95_ms: Number(percentile(times, 95).toFixed(1)),
    floor_p95_ms: Number(percentile(floor, 95).toFixed(1)),
    bytes_per_play: Math.round(bytesPerPlay),
    mb_per_screen_day: Number((perScreenDay / 1024 / 1024).toFixed(2)),
  };
}

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const row = await withScratchDatabase(serverUrl, 'urbana_bench_telas', 8, (server) => run(server));
const ok = row.p95_ms <= SCREENS_P95_BUDGET_MS && row.failures === 0 && row.plays_recorded === row.reports * 6;
process.stdout.write(
  `telas PostgreSQL: ${row.screens} telas × ${row.minutes} min (comprimidos: ${row.reports_per_s} relatórios/s, ${row.in_flight} simultâneos), ` +
    `${row.plays_recorded} exibições; relatório p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms ` +
    `(piso: INSERT puro p95 ${row.floor_p95_ms} ms; meta <= ${SCREENS_P95_BUDGET_MS} ms: ${ok ? 'ok' : 'FALHOU'}); ` +
    `${row.bytes_per_play} bytes por exibição, ${row.mb_per_screen_day} MB por tela-dia (${HOURS_A_DAY} h)\n`,
);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/screens.json', `${JSON.stringify({ measured_at: new Date().toISOString(), results: [row] }, null, 2)}\n`);
if (!ok) process.exitCode = 1;
