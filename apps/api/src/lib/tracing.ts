/**
 * OpenTelemetry for Urbana, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/tracing-hooks.ts;
 * decision 114): spans in batches over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`, the route spans of
 * `@fastify/otel`, fetch's client spans (CNPJ lookup, Google) through undici's diagnostics channels,
 * and the spans Urbana makes itself: its SQL statements (db/traced-queries.ts) and its node:https
 * calls to the payment provider and the Sefin.
 */
import FastifyOtelInstrumentation from '@fastify/otel';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyPluginAsync } from 'fastify';
import type { ClientCallInfo, QueryInfo, SpanEnd, TracingHooks, TracingOptions } from './tracing-hooks.ts';

/** The statement's first keyword (SELECT, INSERT, WITH…), the semantic conventions' operation name. */
export function operationOf(text: string): string {
  const match = /^\s*(?:\/\*.*?\*\/\s*)?([a-z]+)/i.exec(text);
  return match ? match[1]!.toUpperCase() : 'SQL';
}

/** The table a simple statement acts on (`select … from "orders"` → orders), for the span's name. */
export function targetOf(text: string): string | undefined {
  // A function (`from unnest(…)`) is not a table.
  const match = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?(?=\s|$|[,;)])/i.exec(text);
  return match?.[1];
}

function errorType(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    return (error as Error).name || 'Error';
  }
  return 'Error';
}

function finish(span: Span, outcome: { status?: number; error?: unknown } = {}): void {
  if (outcome.status !== undefined) span.setAttribute('http.response.status_code', outcome.status);
  if (outcome.error !== undefined) {
    span.setAttribute('error.type', errorType(outcome.error));
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
    });
  } else if (outcome.status !== undefined && outcome.status >= 500) {
    span.setAttribute('error.type', String(outcome.status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** A statement's name and operation, by its text: drizzle writes the same few texts again and again. */
interface Statement {
  name: string;
  operation: string;
  target: string | undefined;
}

const STATEMENTS_KEPT = 2000;
const statements = new Map<string, Statement>();

/** The statement's name and operation, read once per text (the regular expressions scan all of it). */
export function statementOf(text: string): Statement {
  let known = statements.get(text);
  if (!known) {
    const operation = operationOf(text);
    const target = targetOf(text);
    known = { name: target ? `${operation} ${target}` : operation, operation, target };
    // Texts with their values written in would grow it without end: it starts over instead.
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(text, known);
  }
  return known;
}

/** A statement's span, child of the active one; none outside a traced request (the workers' polling). */
function querySpan(tracer: Tracer, info: QueryInfo): SpanEnd | undefined {
  if (!trace.getActiveSpan()) return undefined;
  const { name, operation, target } = statementOf(info.text);
  const attributes: Attributes = {
    'db.system.name': 'postgresql',
    'db.system': 'postgresql',
    'db.operation.name': operation,
    'db.query.text': info.text,
  };
  if (target) attributes['db.collection.name'] = target;
  if (info.database) attributes['db.namespace'] = info.database;
  if (info.host) attributes['server.address'] = info.host;
  if (info.port) attributes['server.port'] = info.port;
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
  return { end: (outcome) => finish(span, outcome) };
}

/** An outside call's span and the `traceparent` header that carries it. */
function clientSpan(tracer: Tracer, info: ClientCallInfo): SpanEnd & { headers: Record<string, string> } {
  const port = info.url.port ? Number(info.url.port) : info.url.protocol === 'https:' ? 443 : 80;
  const span = tracer.startSpan(`${info.method} ${info.route}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': info.method,
      'server.address': info.url.hostname,
      'server.port': port,
      'url.scheme': info.url.protocol.replace(/:$/, ''),
      'url.template': info.route,
      'peer.service': info.peer,
    },
  });
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return { headers, end: (outcome) => finish(span, outcome) };
}

function routeSpans(provider: NodeTracerProvider): FastifyOtelInstrumentation {
  const fastifyOtel = new FastifyOtelInstrumentation({
    // One span per request: a span for each of its ≈ 10 hooks and for the handler, named by the
    // functions' source, would cost more than they tell (the SQL and client spans are its children).
    instrumentHooks: false,
    instrumentHandler: false,
    // `POST /api/orders/:id`, not `request`; the path without its query (a webhook's `?segredo=`).
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'não encontrada'}`);
      span.setAttribute('url.path', request.url.split('?')[0]!);
    },
  });
  fastifyOtel.setTracerProvider(provider);
  return fastifyOtel;
}

export function createTracing(options: TracingOptions): TracingHooks {
  const serviceName = options.serviceName ?? 'urbana-api';
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The global provider, the AsyncLocalStorage context manager and the W3C propagator.
  provider.register();
  const undici = new UndiciInstrumentation();
  undici.setTracerProvider(provider);
  const fastifyOtel = routeSpans(provider);
  const tracer = provider.getTracer('urbana-api');

  return {
    query: (info) => querySpan(tracer, info),
    clientCall: (info) => clientSpan(tracer, info),
    bind: (fn) => context.bind(context.active(), fn),
    detached: (fn) => context.with(ROOT_CONTEXT, fn),
    logMixin(): Record<string, string> {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    fastifyPlugin: () => fastifyOtel.plugin() as unknown as FastifyPluginAsync,
    async shutdown() {
      undici.disable();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
