/**
 * Figures of issue #21 measured against the running bench server (scripts/bench/index.ts):
 *   - per-request tax: a bare route of the server as a share of a Fastify hello started the same way,
 *     measured back to back in the same run (budget ≥ 70 %);
 *   - a cached search sent with the Accept-Encoding every browser sends, as a share of the same
 *     search without it (budget ≥ 80 %: the cache keeps the compressed bytes);
 *   - a revalidation with If-None-Match (304) as a share of the full answer.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { spawnServer } from './start.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; limit: number };
}

const root = path.resolve(import.meta.dirname, '../..');
const autocannon = path.join(root, 'node_modules/.bin/autocannon');

function cannon(url: string, headers: Record<string, string> = {}): number {
  const args = ['-c', '32', '-d', '6', '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const result = spawnSync(autocannon, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon ${url} falhou: ${result.stderr}`);
  const out = JSON.parse(result.stdout) as { requests: { average: number }; errors: number; non2xx: number };
  if (out.errors > 0) throw new Error(`${url}: ${out.errors} erros`);
  return Math.round(out.requests.average);
}

async function startHello(port: number): Promise<() => Promise<void>> {
  try {
    const hello = await spawnServer({
      args: ['--import', 'tsx', 'scripts/bench/hello.ts'],
      cwd: root,
      env: { PORT: String(port) },
      healthUrl: `http://127.0.0.1:${port}/api/health/live`,
      pollMs: 200,
      timeoutMs: 20_000,
    });
    return hello.stop;
  } catch {
    throw new Error('o Fastify mínimo não subiu');
  }
}

export async function measureServerTax(base: string, helloPort: number): Promise<Figure[]> {
  const stopHello = await startHello(helloPort);
  let hello: number;
  let bare: number;
  try {
    // Interleaved, twice, so that both see the same machine.
    const h1 = cannon(`http://127.0.0.1:${helloPort}/api/health/live`);
    const b1 = cannon(`${base}/api/health/live`);
    const h2 = cannon(`http://127.0.0.1:${helloPort}/api/health/live`);
    const b2 = cannon(`${base}/api/health/live`);
    hello = Math.round((h1 + h2) / 2);
    bare = Math.round((b1 + b2) / 2);
  } finally {
    await stopHello();
  }
  const search = `${base}/api/search?local=Bras%C3%ADlia`;
  const plain = cannon(search);
  const encoded = cannon(search, { 'accept-encoding': 'gzip, deflate, br, zstd' });
  const etag = (await fetch(search)).headers.get('etag') ?? '';
  const revalidated = cannon(search, { 'if-none-match': etag });
  return [
    { name: 'vazão Fastify mínimo (piso)', value: hello, unit: 'req/s' },
    { name: 'vazão rota mínima do servidor', value: bare, unit: 'req/s' },
    {
      name: 'rota mínima / Fastify mínimo',
      value: Math.round((bare / hello) * 100),
      unit: '%',
      budget: { op: '>=', limit: 70 },
    },
    { name: 'vazão busca em cache sem compressão', value: plain, unit: 'req/s' },
    { name: 'vazão busca em cache com Accept-Encoding de navegador', value: encoded, unit: 'req/s' },
    {
      name: 'busca em cache comprimida / sem compressão',
      value: Math.round((encoded / plain) * 100),
      unit: '%',
      budget: { op: '>=', limit: 80 },
    },
    { name: 'vazão revalidação com ETag (304)', value: revalidated, unit: 'req/s' },
  ];
}
