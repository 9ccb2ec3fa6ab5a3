/**
 * /metrics (issue #46 item 1): after a checkout, a refused webhook and an e-mail sent over SMTP, a
 * scrape counts each, parsed by a Prometheus text-format parser and checked by `promtool check
 * metrics`; it is never public (the token on the main port, loopback for its own listener).
 */
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { SMTPServer } from 'smtp-server';
import { startCnpjSimulator, type CnpjSimulator } from '../../../scripts/simulators/brasilapi-cnpj.ts';
import { startMetricsServer } from '../src/plugins/app/metrics.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder } from './security/world.ts';

const TOKEN = 'token-de-metricas-de-teste-0123456789';
const sent: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      sent.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
let ctx: TestContext;
let sim: CnpjSimulator;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  sim = await startCnpjSimulator();
  ctx = await createTestApp({
    config: testConfig({
      ...NO_ORDER_LIMITS,
      METRICS_TOKEN: TOKEN,
      PIX_WEBHOOK_SECRET: 'segredo-do-provedor',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CNPJ_LOOKUP_URL: sim.url,
    }),
  });
});
afterAll(async () => {
  await ctx.close();
  await sim.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

type Families = ReturnType<typeof parsePrometheusTextFormat>;
const family = (families: Families, name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`métrica ${name} ausente`);
  return found;
};
/** The sample whose labels include these (value, or count for a histogram). */
const sample = (families: Families, name: string, labels: Record<string, string> = {}) => {
  const match = family(families, name).metrics.find((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
  );
  return match ? Number(match.value ?? match.count) : undefined;
};

/**
 * The parser folds a histogram's labelled series into one (a limitation of the library): its `_count`
 * lines are read as a family of their own, so that each route and status keeps its count.
 */
function withHistogramCounts(text: string): Families {
  const families = parsePrometheusTextFormat(text);
  const counts = text.split('\n').filter((line) => /^\w+_count\{/.test(line) && !line.startsWith('#'));
  return [...families, ...parsePrometheusTextFormat(`${counts.join('\n')}\n`)];
}

async function scrape(): Promise<{ text: string; families: Families }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '203.0.113.9',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, families: withHistogramCounts(res.body) };
}

describe('/metrics', () => {
  it('conta um checkout, um webhook recusado, um e-mail enviado e uma consulta de CNPJ', async () => {
    const ana = await person(ctx, { nome: 'Ana Métrica' });
    await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana.cookie, payload: billing });
    const product = await insertProduct(ctx.database, 'Outdoor Métrica', 10_000, 2);
    const placed = await placeOrder(ctx, ana, product.id);
    const refused = await inject(ctx, {
      method: 'POST',
      url: '/api/webhooks/pix/pix?segredo=outro',
      headers: { 'content-type': 'application/json' },
      payload: '{"pix":[]}',
    });
    expect(refused.statusCode).toBe(401);
    const looked = await inject(ctx, { method: 'GET', url: '/api/cnpj/12ABC34501DE35', cookie: ana.cookie });
    expect(looked.statusCode, looked.body).toBe(200);
    // The checkout kicks the outbox after its commit: wait for that round (kick joins it), then one more.
    await ctx.app.deps.outbox.kick();
    await ctx.app.deps.outbox.kick();
    expect(sent).toContain(ana.email);

    const { text, families } = await scrape();
    const labels = { method: 'POST', route: '/api/orders', status_code: '201' };
    expect(sample(families, 'urbana_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    // The route's template, never the URL asked.
    expect(
      sample(families, 'urbana_http_request_duration_seconds_count', { route: '/api/cnpj/:cnpj' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(families, 'urbana_webhooks_received_total', {
        provider: 'pix',
        outcome: 'refused',
        reason: 'assinatura',
      }),
    ).toBe(1);
    expect(sample(families, 'urbana_emails_total', { outcome: 'enviado' })).toBeGreaterThanOrEqual(1);
    expect(sample(families, 'urbana_orders', { state: placed.status })).toBe(1);
    expect(sample(families, 'urbana_orders', { state: 'pago' })).toBe(0);
    expect(sample(families, 'urbana_outbox_queued')).toBe(0);
    expect(sample(families, 'urbana_outbox_oldest_age_seconds')).toBe(0);
    expect(
      sample(families, 'urbana_provider_call_duration_seconds_count', { provider: 'cnpj', outcome: 'ok' }),
    ).toBe(1);
    expect(sample(families, 'urbana_db_pool_max')).toBe(ctx.database.driver === 'pg' ? 20 : 1);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes'])
      expect(sample(families, name)).toBeGreaterThan(0);
    // Low cardinality: no id (uuid, order code) and no query string in any label.
    expect(text).not.toContain(placed.id);
    expect(text).not.toContain(placed.code);
    expect(text).not.toMatch(/\{[^}]*"[^"]*\?[^"]*"[^}]*\}/);
    // Prometheus' own checker reads and lints it too (Debian's prometheus package). The only remarks
    // allowed are on prom-client's three default gauges named `…_total` (nodejs_active_handles_total…).
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked.error).toBeUndefined();
    const remarks = `${checked.stdout}${checked.stderr}`
      .split('\n')
      .filter((line) => line.trim() && !/^nodejs_active_\w+_total non-counter metrics/.test(line));
    expect(remarks).toEqual([]);
  });

  it('um e-mail pendente aparece na fila com a sua idade', async () => {
    await ctx.app.deps.outbox.enqueue(ctx.database.db, {
      to: 'fila@exemplo.com.br',
      template: 'email_agendado',
      subject: 'Na fila',
      text: 'texto',
      html: '<p>texto</p>',
    });
    const { families } = await scrape();
    expect(sample(families, 'urbana_outbox_queued')).toBe(1);
    expect(sample(families, 'urbana_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    await ctx.app.deps.outbox.kick();
    expect(sample((await scrape()).families, 'urbana_outbox_queued')).toBe(0);
  });

  it('na porta principal, sem o token (ou com outro), de fora ou do loopback: 401 sem métrica', async () => {
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1'])
      for (const authorization of [undefined, 'Bearer outro-token-qualquer-aaaaaaaa', TOKEN]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('urbana_');
        expect(res.json()).toEqual({ message: 'Informe o token de métricas.' });
      }
  });

  it('sem METRICS_TOKEN a porta principal não tem /metrics', async () => {
    const plain = await createTestApp({ database: ctx.database, config: testConfig() });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('urbana_');
    } finally {
      await plain.app.close();
    }
  });

  it('METRICS_PORT: um ouvinte à parte, só no loopback, que só responde /metrics', async () => {
    const config = testConfig({ METRICS_PORT: '0' });
    expect(config.metrics).toEqual({ port: 0, host: '127.0.0.1', token: undefined });
    const server = (await startMetricsServer(config.metrics, ctx.app.deps)) as Server;
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const families = parsePrometheusTextFormat(await res.text());
      expect(sample(families, 'urbana_db_pool_max')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(testConfig().metrics.port).toBeUndefined();
  });

  it('METRICS_PORT com METRICS_TOKEN: o ouvinte à parte também pede o token', async () => {
    const server = (await startMetricsServer(
      { port: 0, host: '127.0.0.1', token: TOKEN },
      ctx.app.deps,
    )) as Server;
    try {
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
