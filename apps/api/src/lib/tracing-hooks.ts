/**
 * Traces (issue #46 item 2, docs/decisions/114-traces-with-opentelemetry.md): the places that make
 * spans (the database layer, the clients of outside services, the app) ask this module for the hooks,
 * which exist only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Nothing here imports OpenTelemetry: the
 * SDK, the exporter and the instrumentations are in lib/tracing.ts, loaded by `startTracing` only then.
 */
import type { FastifyPluginAsync } from 'fastify';

/** Ends a span: with the answer's status, or with the error that stopped it. */
export interface SpanEnd {
  end(outcome?: { status?: number; error?: unknown }): void;
}

/** One SQL statement, with the database semantic conventions' attributes. */
export interface QueryInfo {
  text: string;
  driver: 'pg' | 'pglite';
  database?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
}

/** One call to an outside service over HTTP: `route` is the path's template, never its ids. */
export interface ClientCallInfo {
  /** A fixed name: `psp`, `sefin`. */
  peer: string;
  method: string;
  url: URL;
  route: string;
}

export interface TracingHooks {
  /** The span of one SQL statement, child of the active span; undefined outside a traced request. */
  query(info: QueryInfo): SpanEnd | undefined;
  /** A client span and the headers (W3C traceparent) that carry it to the service. */
  clientCall(info: ClientCallInfo): SpanEnd & { headers: Record<string, string> };
  /** `fn` bound to the active span: for callbacks run from a queue (PGlite's transaction lock). */
  bind<F extends (...args: never[]) => unknown>(fn: F): F;
  /** Runs `fn` outside any trace: background work a request only wakes up (the e-mail outbox). */
  detached<T>(fn: () => T): T;
  /** pino's mixin: the active trace and span ids on every log line written inside one. */
  logMixin(): Record<string, string>;
  /** `@fastify/otel`'s plugin: a span per request named by its route template, children for hooks. */
  fastifyPlugin(): FastifyPluginAsync;
  /** Sends the spans still in the batch and stops the exporter. */
  shutdown(): Promise<void>;
}

let installed: TracingHooks | undefined;

/** The hooks when tracing is on; undefined (and nothing of OpenTelemetry loaded) otherwise. */
export function tracing(): TracingHooks | undefined {
  return installed;
}

/**
 * Runs `fn` outside the caller's trace, when tracing is on: work a request starts but that is not its
 * own (the outbox's round, decision 115) makes no spans, as the workers' polling makes none.
 */
export function untraced<T>(fn: () => T): T {
  return installed ? installed.detached(fn) : fn();
}

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (spans go to `<it>/v1/traces`). */
  endpoint: string;
  /** OTEL_SERVICE_NAME, default `urbana-api`. */
  serviceName?: string | undefined;
}

/** The tracing settings from the environment, undefined when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
export function tracingFromEnv(env: NodeJS.ProcessEnv = process.env): TracingOptions | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return undefined;
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME?.trim() || undefined };
}

/**
 * Starts tracing (once per process) and installs its hooks. Its module's name is computed at run time
 * so that the compiled server keeps it as dist/tracing.js (apps/api/build.mjs): bundled, its packages'
 * imports would be hoisted to the top of dist/server.js and load at every start.
 */
export async function startTracing(options: TracingOptions): Promise<TracingHooks> {
  if (installed) return installed;
  const file = import.meta.url.endsWith('.ts') ? './tracing.ts' : './tracing.js';
  // Typed here: the module's own type would import this module's types back (a circle).
  const module = (await import(file)) as { createTracing(options: TracingOptions): TracingHooks };
  installed = module.createTracing(options);
  return installed;
}

/** Flushes and stops tracing (the server's shutdown, after the app closed); the hooks are gone after it. */
export async function stopTracing(): Promise<void> {
  const current = installed;
  installed = undefined;
  await current?.shutdown();
}
