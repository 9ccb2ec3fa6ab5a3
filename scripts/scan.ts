/**
 * npm run scan — Debian's sqlmap and wapiti against a local Urbana on loopback.
 *
 * Starts the API (serving the built web app; built first when missing) on a fresh embedded database in
 * a temporary DATA_DIR with the demo catalogue and accounts, NODE_ENV=production, on 127.0.0.1 and a
 * free port; signs in the demo cliente (and the demo admin, for the admin search); places an order so
 * that there is a real order id; then runs
 *
 *   - sqlmap (--batch, level 3, risk 2, PostgreSQL payloads) on the search, places, products,
 *     product slug, order id, order list, admin user search, quote and sign-in (JSON body) requests,
 *     each time-boxed;
 *   - wapiti (--scope folder, JSON report) from the home page and the same API URLs, with the session
 *     cookie, time-boxed by --max-scan-time.
 *
 * Per-IP request limits are raised (RATE_LIMIT_SCALE) so that the scanners reach the handlers instead
 * of a 429; the limits have their own tests. Nothing leaves 127.0.0.1: wapiti's endpoint options point
 * at the app itself and the modules that call out (ssrf, xxe, wapp, nikto) are not loaded.
 *
 * Prints a summary per tool (targets, findings by category and severity), writes bench/scan.json and
 * exits 1 while a finding is open. A finding that is a false positive is listed in
 * docs/security/scan-findings.md and classified by `falsePositives` below, never dropped silently.
 *
 *   SCAN_SQLMAP_SECONDS  time box per sqlmap target (default 70)
 *   SCAN_WAPITI_SECONDS  wapiti's --max-scan-time (default 240)
 *   SCAN_KEEP=1          keep the temporary folder (server log, tool logs and reports)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { personBilling } from '@urbana/shared/samples';

/** Terminal colour codes (ESC [ … m), which the tools print even into a pipe. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text: string) => text.replace(ANSI, '');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SQLMAP_SECONDS = Number(process.env.SCAN_SQLMAP_SECONDS ?? 70);
const WAPITI_SECONDS = Number(process.env.SCAN_WAPITI_SECONDS ?? 240);
const work = mkdtempSync(path.join(os.tmpdir(), 'urbana-scan-'));
const started = performance.now();

// ---------------------------------------------------------------------------------------------------
// Findings and their classification

type Severity = 'crítica' | 'alta' | 'média' | 'baixa' | 'informativa';

interface Finding {
  tool: 'sqlmap' | 'wapiti';
  category: string;
  severity: Severity;
  target: string;
  detail: string;
  /** "aberto", or the id of the false positive in docs/security/scan-findings.md. */
  status: string;
}

/** Findings that are not vulnerabilities of Urbana; each id is explained in docs/security/scan-findings.md. */
const falsePositives: Array<{
  id: string;
  tool: Finding['tool'];
  category: RegExp;
  detail?: RegExp;
  reason: string;
}> = [
  {
    id: 'FP-1',
    tool: 'wapiti',
    category: /^HTTP Secure Headers$/,
    detail: /Strict-Transport-Security/i,
    reason: 'HSTS só vale sobre https; com PUBLIC_URL https o app o envia (o scan roda em http no loopback).',
  },
  {
    id: 'FP-2',
    tool: 'wapiti',
    category: /^HTTP Secure Headers$/,
    detail: /X-XSS-Protection/i,
    reason:
      'X-XSS-Protection: 0 é o recomendado hoje (o filtro dos navegadores antigos abria brechas); a CSP protege.',
  },
];

function classify(finding: Omit<Finding, 'status'>): Finding {
  const match = falsePositives.find(
    (fp) =>
      fp.tool === finding.tool &&
      fp.category.test(finding.category) &&
      (!fp.detail || fp.detail.test(finding.detail)),
  );
  return { ...finding, status: match ? match.id : 'aberto' };
}

// ---------------------------------------------------------------------------------------------------
// Processes

const children = new Set<ChildProcess>();
function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/** Runs a tool with a time box; its output goes to a log file. */
function runTool(
  command: string,
  args: string[],
  logFile: string,
  seconds: number,
): Promise<{ code: number | null; timedOut: boolean; output: string; seconds: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const log = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, seconds * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      log.end();
      resolve({ code, timedOut, output, seconds: (performance.now() - t0) / 1000 });
    });
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function versionOf(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  const text = `${result.stdout}\n${result.stderr}`;
  return /(\d+\.\d+(?:\.\d+)?(?:#\w+)?)/.exec(stripAnsi(text))?.[1] ?? 'desconhecida';
}

// ---------------------------------------------------------------------------------------------------
// The instance

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// As npm start: build the web app when it has not been built or its sources changed.
const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'packages/shared/src'].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(webIndex) || Math.max(...webSources) > statSync(webIndex).mtimeMs) {
  console.log('Compilando o aplicativo web…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(work, 'data');
const serverLog = createWriteStream(path.join(work, 'servidor.log'));
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SEED_CATALOG: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    SMTP_URL: '',
    S3_BUCKET: '',
    GOOGLE_CLIENT_ID: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
children.add(server);
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);

async function cleanup(code: number) {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (process.env.SCAN_KEEP === '1' || code !== 0) console.log(`arquivos do scan: ${work}`);
  else rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

async function waitForHealth(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu com código ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`o servidor não respondeu /api/health em ${seconds} s`);
}

interface Session {
  cookie: string;
}

async function api(
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      // The app refuses cross-site unsafe requests: a same-origin Origin, as a browser sends.
      ...(method !== 'GET' ? { origin: base } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown>, res };
}

async function signIn(email: string, password: string): Promise<Session> {
  const res = await api('POST', '/api/auth/sign-in', { body: { email, password } });
  if (res.status !== 200) throw new Error(`entrada de ${email}: ${res.status} ${res.text}`);
  const cookie = res.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('urbana_sessao='));
  if (!cookie) throw new Error('a entrada não devolveu o cookie de sessão');
  return { cookie };
}

function demoAccount(kind: 'cliente' | 'admin') {
  const text = readFileSync(path.join(dataDir, 'contas-demo.txt'), 'utf8');
  const match = new RegExp(`^\\s*${kind}\\s+(\\S+)\\s+senha: (\\S+)`, 'm').exec(text);
  if (!match) throw new Error(`conta de demonstração ${kind} não encontrada`);
  return { email: match[1]!, password: match[2]! };
}

// ---------------------------------------------------------------------------------------------------
// sqlmap

interface SqlmapTarget {
  name: string;
  url: string;
  method?: 'PUT' | 'PATCH';
  data?: string;
  cookie?: string;
}

interface SqlmapResult {
  name: string;
  url: string;
  method: string;
  seconds: number;
  timed_out: boolean;
  injectable: string[];
  not_injectable: string[];
  http_errors: string[];
}

function parseSqlmap(
  output: string,
): Omit<SqlmapResult, 'name' | 'url' | 'method' | 'seconds' | 'timed_out'> {
  const clean = stripAnsi(output);
  const injectable = new Set<string>();
  const block =
    /identified the following injection point\(s\)[\s\S]*?---\n([\s\S]*?)\n---/.exec(clean)?.[1] ?? '';
  for (const m of block.matchAll(/Parameter: (.+)\n(?:\s+Type: (.+))?/g))
    injectable.add(`${m[1]} (${m[2] ?? '?'})`);
  for (const m of clean.matchAll(
    /(?:GET|POST|URI|Cookie|\(custom\)\s*\w*) parameter '([^']+)' is '([^']+)' injectable/g,
  )) {
    injectable.add(`${m[1]} (${m[2]})`);
  }
  const notInjectable = [...clean.matchAll(/parameter '([^']+)' does not seem to be injectable/g)].map(
    (m) => m[1]!,
  );
  if (/all tested parameters do not appear to be injectable/.test(clean) && notInjectable.length === 0) {
    notInjectable.push('(todos)');
  }
  const httpErrors = [...clean.matchAll(/HTTP error codes detected during run:\s*\n?(.+)/g)].map((m) =>
    m[1]!.trim(),
  );
  return {
    injectable: [...injectable],
    not_injectable: [...new Set(notInjectable)],
    http_errors: httpErrors,
  };
}

async function runSqlmap(targets: SqlmapTarget[]) {
  const results: SqlmapResult[] = [];
  const findings: Finding[] = [];
  for (const target of targets) {
    const args = [
      '-u',
      target.url,
      '--batch',
      '--level=3',
      '--risk=2',
      '--dbms=PostgreSQL',
      '--technique=BEUST',
      '--time-sec=2',
      '--timeout=15',
      '--retries=1',
      '--threads=2',
      '--flush-session',
      '--disable-coloring',
      '--ignore-code=401,403,404,409',
      `--output-dir=${path.join(work, 'sqlmap')}`,
      `--headers=Origin: ${base}`,
      ...(target.cookie ? [`--cookie=${target.cookie}`] : []),
      ...(target.data ? [`--data=${target.data}`] : []),
      ...(target.method ? [`--method=${target.method}`] : []),
    ];
    const logFile = path.join(work, `sqlmap-${target.name}.log`);
    const run = await runTool('/usr/bin/sqlmap', args, logFile, SQLMAP_SECONDS);
    const parsed = parseSqlmap(run.output);
    const result: SqlmapResult = {
      name: target.name,
      url: target.url.replace(base, ''),
      method: target.method ?? (target.data ? 'POST' : 'GET'),
      seconds: Math.round(run.seconds),
      timed_out: run.timedOut,
      ...parsed,
    };
    results.push(result);
    for (const point of parsed.injectable) {
      findings.push(
        classify({
          tool: 'sqlmap',
          category: 'SQL Injection',
          severity: 'crítica',
          target: result.url,
          detail: point,
        }),
      );
    }
    for (const errors of parsed.http_errors.filter((e) => /\b5\d\d\b/.test(e))) {
      findings.push(
        classify({
          tool: 'sqlmap',
          category: 'Erro 5xx',
          severity: 'média',
          target: result.url,
          detail: errors,
        }),
      );
    }
    const state = parsed.injectable.length
      ? `INJETÁVEL: ${parsed.injectable.join('; ')}`
      : run.timedOut
        ? `sem injeção encontrada até o limite de ${SQLMAP_SECONDS} s`
        : 'sem injeção';
    console.log(`  sqlmap ${result.method} ${result.url.slice(0, 70)} — ${state} (${result.seconds} s)`);
  }
  return { results, findings };
}

// ---------------------------------------------------------------------------------------------------
// wapiti

const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'exec',
  'file',
  'xss',
  'permanentxss',
  'redirect',
  'crlf',
  'http_headers',
  'cookieflags',
  'csp',
  'methods',
  'backup',
  'htaccess',
];
const LEVELS: Record<string, Severity> = {
  '4': 'crítica',
  '3': 'alta',
  '2': 'média',
  '1': 'baixa',
  '0': 'informativa',
};

async function runWapiti(startUrls: string[], cookie: string) {
  const report = path.join(work, 'wapiti.json');
  // Wapiti loads every module, and its Wappalyzer module downloads its database from GitHub when the
  // config folder has none (sending the scan's headers, session cookie included): an empty one stops it.
  const configDir = path.join(work, 'wapiti-config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'apps.json'), '{}');
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    '-f',
    'json',
    '-o',
    report,
    '-m',
    WAPITI_MODULES.join(','),
    '--max-scan-time',
    String(WAPITI_SECONDS),
    '--max-attack-time',
    String(Math.max(20, Math.floor(WAPITI_SECONDS / 6))),
    '--flush-session',
    '--no-bugreport',
    '--store-session',
    path.join(work, 'wapiti-sessao'),
    '--store-config',
    configDir,
    '--endpoint',
    `${base}/`,
    '-H',
    `Cookie: ${cookie}`,
    '-t',
    '15',
    '-v',
    '1',
    ...startUrls.flatMap((url) => ['-s', url]),
  ];
  const run = await runTool('/usr/bin/wapiti', args, path.join(work, 'wapiti.log'), WAPITI_SECONDS + 180);
  if (!existsSync(report)) {
    throw new Error(
      `o wapiti não gerou o relatório (código ${run.code}); veja ${path.join(work, 'wapiti.log')}`,
    );
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    vulnerabilities: Record<
      string,
      Array<{ method: string; path: string; info: string; level: number | string; parameter: string }>
    >;
    anomalies: Record<
      string,
      Array<{ method: string; path: string; info: string; level: number | string; parameter: string }>
    >;
  };
  const findings: Finding[] = [];
  for (const [kind, groups] of [
    ['vulnerabilidade', json.vulnerabilities],
    ['anomalia', json.anomalies],
  ] as const) {
    for (const [category, items] of Object.entries(groups ?? {})) {
      for (const item of items) {
        findings.push(
          classify({
            tool: 'wapiti',
            category,
            severity: LEVELS[String(item.level)] ?? (kind === 'anomalia' ? 'média' : 'baixa'),
            target: `${item.method} ${item.path}`,
            detail: `${item.info}${item.parameter ? ` [${item.parameter}]` : ''}`,
          }),
        );
      }
    }
  }
  const crawled = /(\d+) (?:URLs|urls|resources)/i.exec(stripAnsi(run.output))?.[1];
  return { findings, seconds: Math.round(run.seconds), timedOut: run.timedOut, crawled };
}

// ---------------------------------------------------------------------------------------------------
// The run

function summarize(tool: string, findings: Finding[]) {
  if (findings.length === 0) {
    console.log(`  ${tool}: nenhum achado`);
    return;
  }
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.category} | ${f.severity} | ${f.status === 'aberto' ? 'ABERTO' : `falso positivo ${f.status}`}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [key, list] of [...groups].sort()) {
    console.log(`  ${tool}: ${key}: ${list.length}`);
    for (const f of list.slice(0, 3)) console.log(`      ${f.target} — ${f.detail.slice(0, 140)}`);
  }
}

let exitCode = 0;
try {
  console.log(`scan: servidor em ${base} (dados em ${dataDir})`);
  await waitForHealth(300);
  const cliente = await signIn(demoAccount('cliente').email, demoAccount('cliente').password);
  const admin = await signIn(demoAccount('admin').email, demoAccount('admin').password);

  // Real ids: a product, a few product ids, and an order of the cliente.
  const featured = (await api('GET', '/api/products/featured')).json().items as Array<{
    id: string;
    slug: string;
  }>;
  const product = featured[0]!;
  const billing = await api('PUT', '/api/billing-profile', {
    cookie: cliente.cookie,
    body: personBilling('Cliente Demonstração'),
  });
  if (billing.status !== 200) throw new Error(`faturamento: ${billing.status} ${billing.text}`);
  const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 21);
  const item = { product_id: product.id, start_date: start, weeks: 2, tower_ids: [] };
  const order = await api('POST', '/api/orders', {
    cookie: cliente.cookie,
    headers: { 'idempotency-key': `scan-${Date.now()}` },
    body: { items: [item] },
  });
  if (order.status !== 201) throw new Error(`pedido: ${order.status} ${order.text}`);
  const orderId = String(order.json().id);
  const ids = featured
    .slice(0, 3)
    .map((p) => p.id)
    .join(',');

  const sqlmapTargets: SqlmapTarget[] = [
    {
      name: 'busca',
      url: `${base}/api/search?local=Bras%C3%ADlia&tipo=todos&ordem=relevancia&preco_min=0&preco_max=500000&inicio=${start}&semanas=4&pagina=1&por_pagina=20`,
    },
    { name: 'cidades', url: `${base}/api/places?q=bras&limite=5` },
    { name: 'produtos', url: `${base}/api/products?ids=${ids}` },
    { name: 'produto', url: `${base}/api/products/${product.slug}*?semanas=4&inicio=${start}` },
    { name: 'pedido', url: `${base}/api/orders/${orderId}*`, cookie: cliente.cookie },
    { name: 'pedidos', url: `${base}/api/orders?status=aguardando_pagamento`, cookie: cliente.cookie },
    {
      name: 'usuarios',
      url: `${base}/api/admin/usuarios?q=cliente&page=1&page_size=20`,
      cookie: admin.cookie,
    },
    {
      name: 'orcamento',
      url: `${base}/api/checkout/quote`,
      data: JSON.stringify({ items: [item], coupon_code: 'BEMVINDO10', payment_method: 'pix' }),
      cookie: cliente.cookie,
    },
    { name: 'favorito', url: `${base}/api/favorites/${product.id}*`, method: 'PUT', cookie: cliente.cookie },
    {
      name: 'perfil',
      url: `${base}/api/profile`,
      method: 'PATCH',
      data: JSON.stringify({
        nome_completo: 'Cliente Demonstração',
        empresa: 'Urbana',
        telefone: '61999990000',
      }),
      cookie: cliente.cookie,
    },
    {
      name: 'entrada',
      url: `${base}/api/auth/sign-in`,
      data: JSON.stringify({ email: 'pessoa@exemplo.com.br', password: 'uma-senha-qualquer' }),
    },
  ];
  const sqlmapVersion = versionOf('/usr/bin/sqlmap', ['--version']);
  console.log(`sqlmap ${sqlmapVersion}: ${sqlmapTargets.length} alvos`);
  const sqlmap = await runSqlmap(sqlmapTargets);

  const photo = (await api('GET', `/api/products/${product.slug}`)).json().photos as Array<{ url: string }>;
  const wapitiStart = [
    '/',
    '/buscar-locais?local=Bras%C3%ADlia&tipo=todos',
    `/locais/${product.slug}?inicio=${start}&semanas=4`,
    `/pedido/${orderId}`,
    '/auth?erro=google',
    '/usuario/meus-pedidos',
    '/admin',
    '/api/config',
    '/api/network',
    '/api/products/featured',
    `/api/search?local=Bras%C3%ADlia&ordem=relevancia&pagina=1&tipo=todos&semanas=4`,
    '/api/places?q=bras&limite=5',
    `/api/products?ids=${ids}`,
    `/api/products/${product.slug}?semanas=4&inicio=${start}`,
    ...(photo[0] ? [photo[0].url] : []),
    '/api/auth/session',
    '/api/auth/providers',
    '/api/auth/google/callback?code=x&state=y&error=z',
    '/api/profile',
    '/api/cart',
    '/api/favorites',
    '/api/billing-profile',
    '/api/notifications',
    '/api/orders?status=pago',
    `/api/orders/${orderId}`,
    `/api/orders/${orderId}/pix`,
    '/api/docs/json',
  ].map((p) => `${base}${p}`);
  const wapitiVersion = versionOf('/usr/bin/wapiti', ['--version']);
  console.log(
    `wapiti ${wapitiVersion}: ${wapitiStart.length} URLs iniciais, módulos ${WAPITI_MODULES.join(', ')}`,
  );
  const wapiti = await runWapiti(wapitiStart, cliente.cookie);

  const findings = [...sqlmap.findings, ...wapiti.findings];
  const open = findings.filter((f) => f.status === 'aberto');
  const seconds = Math.round((performance.now() - started) / 1000);

  console.log('');
  console.log(`Resumo do scan (${seconds} s):`);
  console.log(
    `  sqlmap ${sqlmapVersion}: ${sqlmap.results.length} alvos, ` +
      `${sqlmap.results.filter((r) => r.injectable.length).length} injetáveis, ` +
      `${sqlmap.results.filter((r) => r.timed_out).length} no limite de tempo, ${sqlmap.findings.length} achados`,
  );
  summarize('sqlmap', sqlmap.findings);
  console.log(
    `  wapiti ${wapitiVersion}: ${wapitiStart.length} URLs iniciais, ${wapiti.crawled ?? '?'} URLs e formulários ` +
      `encontrados, ${WAPITI_MODULES.length} módulos, ` +
      `${wapiti.seconds} s${wapiti.timedOut ? ' (limite)' : ''}, ${wapiti.findings.length} achados`,
  );
  summarize('wapiti', wapiti.findings);
  console.log(
    `  abertos: ${open.length}; falsos positivos: ${findings.length - open.length} ` +
      `(docs/security/scan-findings.md)`,
  );

  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench/scan.json'),
    `${JSON.stringify(
      {
        measured_at: new Date().toISOString(),
        seconds,
        target: 'Urbana local (127.0.0.1, NODE_ENV=production, PGlite com dados de demonstração)',
        sqlmap: { version: sqlmapVersion, targets: sqlmap.results, findings: sqlmap.findings },
        wapiti: {
          version: wapitiVersion,
          modules: WAPITI_MODULES,
          start_urls: wapitiStart.map((u) => u.replace(base, '')),
          seconds: wapiti.seconds,
          findings: wapiti.findings,
        },
        false_positives: falsePositives.map(({ id, tool, reason }) => ({ id, tool, reason })),
        open: open.length,
      },
      null,
      2,
    )}\n`,
  );
  console.log('bench/scan.json gravado');
  if (open.length > 0) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 2;
} finally {
  stopAll();
  await cleanup(exitCode);
}
