/**
 * Issue #21 figures of the compiled server on the PostgreSQL server (scripts/bench/index.ts):
 *   - start: first answer (a product read) after the process starts with an existing catalogue (budget
 *     ≤ 1 s), and the idle resident memory (budget ≤ 150 MB), each beside a Fastify hello's in the
 *     same run (scripts/bench/start-figures.ts);
 *   - reads that miss the cache (CATALOG_CACHE_SECONDS=0): a product read spread over ≥ 1,000
 *     distinct products and a search over ≥ 1,000 distinct shapes, sent with a browser's headers and
 *     a session cookie on half of them, each as a share of the bare route of the same run (product
 *     budget ≥ 30 %);
 *   - the floor of the product read: the same query and availability in a Fastify server with
 *     nothing else (scripts/bench/product-floor.ts), on the same database, in the same run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { sql } from '../../apps/api/src/db/sql.ts';
import { sessions } from '../../apps/api/src/db/schema/index.ts';
import { hashToken, newToken } from '../../apps/api/src/lib/tokens.ts';
import { upsertConfirmedAccount } from '../../apps/api/src/services/accounts.ts';
import { demoCities } from '../../apps/api/src/services/demo-cities.ts';
import { spawnServer, type SpawnedServer } from './start.ts';
import { measureStarts } from './start-figures.ts';
import { readLoad } from './reads.ts';
import { scaleCatalog } from './scale-catalog.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; limit: number };
}

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = Number(process.env.BENCH_READ_PRODUCTS ?? 2000);
const PASSWORD = 'bench-leitura-9f3a';

/** ≥ 1,000 distinct searches: every demo place × radius × order × filters. */
function searchPaths(): string[] {
  const paths: string[] = [];
  const orders = ['relevancia', 'distancia', 'menor_preco', 'maior_audiencia'];
  for (const city of demoCities) {
    for (const area of city.areas) {
      for (const raio of [2, 5, 10, 25]) {
        for (const ordem of orders) {
          paths.push(`/api/search?lat=${area.lat}&lng=${area.lng}&raio=${raio}&ordem=${ordem}`);
        }
      }
    }
  }
  return paths;
}

export async function measurePostgresReads(serverUrl: string, port: number, helloPort: number): Promise<Figure[]> {
  const name = `urbana_bench_reads_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4 });
  const figures: Figure[] = [];
  let server: SpawnedServer | undefined;
  try {
    await database.migrate();
    await scaleCatalog(database, PRODUCTS);
    // A signed-in visitor: a session row as sign-in writes it (services/auth/sessions.ts, createSession).
    const user = await upsertConfirmedAccount(database.db, {
      email: 'leitura@bench.urbana.com.br',
      password: PASSWORD,
      nome_completo: 'Leitura do Bench',
      tipo_usuario: 'cliente',
    });
    const token = newToken();
    await database.db.insert(sessions).values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000),
    });
    const cookie = `urbana_sessao=${token}`;
    const slugs = (
      await database.db.execute(sql`select slug from products where status = 'ativo' order by random()`)
    ).rows.map((r) => `/api/products/${String((r as { slug: string }).slug)}`);
    await database.close();

    const build = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('a compilação da API falhou');
    const base = `http://127.0.0.1:${port}`;
    const starts = await measureStarts({
      base,
      productPath: slugs[0]!,
      helloPort,
      serverEnv: {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        CATALOG_CACHE_SECONDS: '0',
        ADMIN_TWO_FACTOR_REQUIRED: 'false',
      },
    });
    server = starts.running;
    const me = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie } })).json()) as {
      user: unknown;
    };
    if (!me.user) throw new Error('a sessão do bench não vale');

    const bare1 = await readLoad(base, { paths: ['/api/health/live'], cookie, seconds: 6 });
    const product = await readLoad(base, { paths: slugs, cookie });
    const search = await readLoad(base, { paths: searchPaths(), cookie });
    const bare2 = await readLoad(base, { paths: ['/api/health/live'], cookie, seconds: 6 });
    const bare = Math.round((bare1.rps + bare2.rps) / 2);
    await server.stop();
    server = await spawnServer({
      args: ['--import', 'tsx', 'scripts/bench/product-floor.ts'],
      cwd: root,
      env: { DATABASE_URL: url.toString(), PORT: String(helloPort) },
      healthUrl: `http://127.0.0.1:${helloPort}/api/health/live`,
    });
    const floor = await readLoad(`http://127.0.0.1:${helloPort}`, { paths: slugs });
    figures.push(
      { name: 'servidor compilado: primeira resposta após o início (leitura de produto, PostgreSQL, mediana de 3)', value: starts.server.firstAnswerMs, unit: 'ms', budget: { op: '<=', limit: 1000 } },
      { name: 'piso, Fastify mínimo: primeira resposta após o início', value: starts.hello.firstAnswerMs, unit: 'ms' },
      { name: 'servidor compilado: memória ociosa, residente (PostgreSQL, mediana de 3)', value: starts.server.idleMb, unit: 'MB', budget: { op: '<=', limit: 150 } },
      { name: 'piso, Fastify mínimo: memória ociosa, residente', value: starts.hello.idleMb, unit: 'MB' },
      { name: 'PostgreSQL rota mínima (navegador, metade com sessão)', value: bare, unit: 'req/s' },
      { name: `PostgreSQL leitura de produto sem cache (${slugs.length} produtos)`, value: product.rps, unit: 'req/s' },
      { name: 'PostgreSQL leitura de produto sem cache / rota mínima', value: Math.round((product.rps / bare) * 100), unit: '%', budget: { op: '>=', limit: 30 } },
      { name: 'piso: a mesma consulta num Fastify sem mais nada (scripts/bench/product-floor.ts)', value: floor.rps, unit: 'req/s' },
      { name: 'piso / rota mínima (o máximo que a leitura de produto alcança nesta máquina)', value: Math.round((floor.rps / bare) * 100), unit: '%' },
      { name: 'PostgreSQL leitura de produto sem cache / piso', value: Math.round((product.rps / floor.rps) * 100), unit: '%' },
      { name: `PostgreSQL busca sem cache (${searchPaths().length} buscas distintas)`, value: search.rps, unit: 'req/s' },
      { name: 'PostgreSQL busca sem cache / rota mínima', value: Math.round((search.rps / bare) * 100), unit: '%' },
      { name: 'PostgreSQL leitura de produto sem cache p99', value: product.p99Ms, unit: 'ms' },
    );
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}
