/**
 * Issue #46 item 2 (decision 114): with OTEL_EXPORTER_OTLP_ENDPOINT set, a checkout is one trace in
 * the OTLP receiver — the route's span, its SQL statements and the payment provider's `PUT /cob/{txid}`
 * (the project's PSP simulator over TLS) — and the request's log lines carry its trace id.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { PspSimulator } from '../../../scripts/simulators/psp-pix.ts';
import { buildApp } from '../src/app.ts';
import { sql as dsql } from '../src/db/sql.ts';
import { pixRoute, sefinRoute } from '../src/lib/client-spans.ts';
import { startTracing, stopTracing } from '../src/lib/tracing-hooks.ts';
import { createTestDatabase, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';
import { pixCustomerAndFace, startTestPsp } from './pix-world.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const SERVER = 2;
const CLIENT = 3;

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

let receiver: Server;
const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
let ctx: TestContext;
let certs: PixCerts;
let sim: PspSimulator;
const logLines: Record<string, unknown>[] = [];

/** An OTLP/HTTP collector of its own: every export the app sends, decoded from JSON. */
function startReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exports.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  receiver = await startReceiver();
  // As server.ts does with OTEL_EXPORTER_OTLP_ENDPOINT set: before the database opens.
  await startTracing({ endpoint: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` });
  certs = makePixCerts();
  let env: Record<string, string>;
  ({ sim, env } = await startTestPsp(certs));
  const database = await createTestDatabase();
  const config = testConfig({ ...NO_ORDER_LIMITS, ...env, LOG_LEVEL: 'debug' });
  const app = await buildApp({
    config,
    database,
    logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
  ctx = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await stopTracing();
  await sim?.close();
  certs?.cleanup();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('traces with OpenTelemetry', () => {
  it('sends one trace for a checkout: the route, its SQL and the PSP call; its log lines carry the trace id', async () => {
    const { cookie, productId } = await pixCustomerAndFace(ctx, 'tracing');
    const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 30);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie,
      headers: { 'idempotency-key': `tracing-${Date.now()}` },
      payload: { items: [{ product_id: productId, start_date: start, weeks: 1, tower_ids: [] }] },
    });
    expect(res.statusCode).toBe(201);
    // The outbox's round the checkout woke up (its e-mail), to its end: delivered, not traced.
    await ctx.app.deps.outbox.kick();
    const pending = await ctx.database.db.execute<{ n: number }>(
      dsql`select count(*)::int as n from email_log where status = 'pendente' and send_after <= now()`,
    );
    expect(pending.rows[0]!.n).toBe(0);
    // The shutdown path: the batch still held goes out.
    await stopTracing();

    expect(exports.length).toBeGreaterThan(0);
    for (const e of exports) {
      expect(e.path).toBe('/v1/traces');
      expect(e.contentType).toContain('application/json');
    }
    const resource = exports[0]!.body.resourceSpans[0]!.resource;
    expect(resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue).toBe('urbana-api');
    const spans = exports.flatMap((e) =>
      e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );

    const route = spans.find((s) => s.name === 'POST /api/orders');
    expect(route, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(route!.kind).toBe(SERVER);
    expect(attr(route!, 'http.route')).toBe('/api/orders');
    expect(attr(route!, 'http.response.status_code')).toBe(201);
    const trace = spans.filter((s) => s.traceId === route!.traceId);

    const psp = trace.filter((s) => s.name === 'PUT /cob/{txid}');
    expect(psp).toHaveLength(1);
    expect(psp[0]!.kind).toBe(CLIENT);
    expect(psp[0]!.parentSpanId).toBe(route!.spanId);
    expect(attr(psp[0]!, 'http.request.method')).toBe('PUT');
    expect(attr(psp[0]!, 'server.address')).toBe(new URL(sim.url).hostname);
    expect(attr(psp[0]!, 'url.template')).toBe('/cob/{txid}');
    expect(attr(psp[0]!, 'http.response.status_code')).toBe(201);

    const sql = trace.filter((s) => attr(s, 'db.system.name') === 'postgresql');
    expect(sql.length).toBeGreaterThan(3);
    expect(sql.every((s) => s.kind === CLIENT)).toBe(true);
    // The statement that writes the order (place_order), with its text (parameters, never values).
    const write = sql.find((s) => String(attr(s, 'db.query.text')).includes('place_order('));
    expect(write, sql.map((s) => s.name).join(', ')).toBeDefined();
    expect(write!.name).toBe('SELECT');
    expect(write!.parentSpanId).toBe(route!.spanId);
    expect(attr(write!, 'db.operation.name')).toBe('SELECT');
    expect(String(attr(write!, 'db.query.text'))).toContain('$1');
    expect(sql.some((s) => s.name === 'SELECT order_limit_exemptions')).toBe(true);
    // Background work a request only wakes up is not part of its trace (decision 115): no span, in
    // this trace or any other, of the outbox claiming and marking e-mails.
    const outboxSpans = spans.filter((s) => s.name === 'UPDATE email_log');
    expect(outboxSpans.map((s) => String(attr(s, 'db.query.text')))).toEqual([]);
    // No span of the checkout names an id.
    for (const s of trace) expect(s.name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const incoming = logLines.find(
      (l) => (l.req as { url?: string } | undefined)?.url === '/api/orders' && l.msg === 'incoming request',
    );
    expect(incoming).toBeDefined();
    const ofRequest = logLines.filter((l) => l.reqId === incoming!.reqId);
    expect(ofRequest.some((l) => l.trace_id === route!.traceId)).toBe(true);
  });

  it('names a statement by its operation and table, read once per text', async () => {
    const { statementOf } = await import('../src/lib/tracing.ts');
    const text = 'select "id", "status" from "orders" where "orders"."id" = $1';
    const first = statementOf(text);
    expect(first).toEqual({ name: 'SELECT orders', operation: 'SELECT', target: 'orders' });
    // The same text again (built anew, as drizzle does) is the one already read.
    expect(statementOf(`${text.slice(0, 10)}${text.slice(10)}`)).toBe(first);
    expect(statementOf('select place_order($1::jsonb)')).toEqual({
      name: 'SELECT',
      operation: 'SELECT',
      target: undefined,
    });
    expect(statementOf('update email_log set locked_until = now()').name).toBe('UPDATE email_log');
  });

  it('names outside calls by their path templates, without ids or query', () => {
    expect(pixRoute('/cob/ABCDEFGHIJKLMNOPQRSTUVWXYZ123')).toBe('/cob/{txid}');
    expect(pixRoute('/cobv/ABCDEFGHIJKLMNOPQRSTUVWXYZ123')).toBe('/cobv/{txid}');
    expect(pixRoute('/pix/E1234567820240101000000000000001/devolucao/D1')).toBe(
      '/pix/{e2eid}/devolucao/{id}',
    );
    expect(pixRoute('/pix?inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z')).toBe('/pix');
    expect(pixRoute('/webhook/pix%40urbana.com.br')).toBe('/webhook/{chave}');
    expect(sefinRoute('/nfse')).toBe('/nfse');
    expect(sefinRoute('/nfse/53001082112345678000195000000000000125010000000001/eventos')).toBe(
      '/nfse/{chave}/eventos',
    );
    expect(sefinRoute('/dps/DPS530010821234567800019500001000000000000001')).toBe('/dps/{id}');
  });
});
