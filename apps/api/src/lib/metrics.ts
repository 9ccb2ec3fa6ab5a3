/**
 * Urbana's Prometheus metrics (issue #46, docs/decisions/086-metrics-and-alerts.md): one registry for
 * the process, and small functions that any code calls to count what it did. Labels are few and
 * fixed (route templates, status codes, provider and operation names, reasons): never an id or a raw
 * URL, so that the number of series stays bounded.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
let defaultsStarted = false;

/** Process figures (event-loop delay, heap, GC, CPU, handles), started with the first app. */
export function startProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

const requestDuration = new Histogram({
  name: 'urbana_http_request_duration_seconds',
  help: 'Duração das respostas HTTP, por rota (modelo) e código de status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const providerCalls = new Histogram({
  name: 'urbana_provider_call_duration_seconds',
  help: 'Duração das chamadas a serviços de fora, por provedor, operação e resultado',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const providerFailures = new Counter({
  name: 'urbana_provider_call_failures_total',
  help: 'Chamadas a serviços de fora sem resposta útil (inacessível, tempo esgotado, erro do serviço)',
  labelNames: ['provider', 'operation'] as const,
  registers: [registry],
});

const webhooks = new Counter({
  name: 'urbana_webhooks_received_total',
  help: 'Webhooks recebidos, aceitos ou recusados, por motivo',
  labelNames: ['provider', 'outcome', 'reason'] as const,
  registers: [registry],
});

const reconciliationFinds = new Counter({
  name: 'urbana_reconciliation_finds_total',
  help: 'Divergências que a reconciliação encontrou (algo que uma chamada ou webhook perdido deixou de dizer)',
  labelNames: ['provider', 'kind'] as const,
  registers: [registry],
});

const silentPlayers = new Gauge({
  name: 'urbana_players_silent',
  help: 'Telas que deveriam estar no ar e não dão sinal',
  registers: [registry],
});

const emails = new Counter({
  name: 'urbana_emails_total',
  help: 'Tentativas de entrega de e-mails da fila, por resultado (enviado, registrado sem SMTP, falha)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Set at scrape time from the database (plugins/app/metrics.ts). */
export const scraped = {
  outboxQueued: new Gauge({
    name: 'urbana_outbox_queued',
    help: 'E-mails na fila ainda não entregues',
    registers: [registry],
  }),
  outboxOldestAge: new Gauge({
    name: 'urbana_outbox_oldest_age_seconds',
    help: 'Idade do e-mail mais antigo ainda não entregue (0 com a fila vazia)',
    registers: [registry],
  }),
  ordersByState: new Gauge({
    name: 'urbana_orders',
    help: 'Pedidos por estado',
    labelNames: ['state'] as const,
    registers: [registry],
  }),
  poolSize: new Gauge({
    name: 'urbana_db_pool_max',
    help: 'Conexões que o pool pode abrir (1 no PGlite embutido)',
    registers: [registry],
  }),
  poolInUse: new Gauge({
    name: 'urbana_db_pool_in_use',
    help: 'Conexões do pool em uso agora (só no servidor PostgreSQL)',
    registers: [registry],
  }),
  poolIdle: new Gauge({
    name: 'urbana_db_pool_idle',
    help: 'Conexões abertas e livres no pool (só no servidor PostgreSQL)',
    registers: [registry],
  }),
  poolWaiting: new Gauge({
    name: 'urbana_db_pool_waiting',
    help: 'Pedidos esperando uma conexão livre (só no servidor PostgreSQL)',
    registers: [registry],
  }),
  poolErrors: new Counter({
    name: 'urbana_db_pool_errors_total',
    help: 'Conexões ao banco que falharam ao abrir ou se perderam',
    registers: [registry],
  }),
  scrapeErrors: new Counter({
    name: 'urbana_metrics_scrape_errors_total',
    help: 'Coletas em que o banco não respondeu às consultas das métricas',
    registers: [registry],
  }),
};

/**
 * One answer's duration. Labels: the route's template (`/api/pedidos/:id`, never the URL asked) or
 * `(sem rota)` for a URL no route matched.
 */
export function observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
  requestDuration.observe({ method, route: route ?? '(sem rota)', status_code: status }, seconds);
}

export type ProviderOutcome = 'ok' | 'recusado' | 'nao_encontrado' | 'falha';

/**
 * One call to an outside service: the payment provider, the Sefin, the CNPJ registry… `provider` and
 * `operation` are fixed names (`sefin`, `emitir`), `outcome` says how it went: `ok`; `recusado` (the
 * service answered and refused) or `nao_encontrado` (it answered that the thing does not exist) are
 * answers; `falha` (no answer, a timeout, an answer outside the protocol) also counts as a failure.
 */
export function observeProviderCall(
  provider: string,
  operation: string,
  outcome: ProviderOutcome,
  seconds: number,
): void {
  providerCalls.observe({ provider, operation, outcome }, seconds);
  if (outcome === 'falha') providerFailures.inc({ provider, operation });
}

/**
 * Times `call` and observes it: `classify` names the outcome of an answer (default `ok`) or of an
 * error (default `falha`).
 */
export async function timeProviderCall<T>(
  provider: string,
  operation: string,
  call: () => Promise<T>,
  classify: { answer?: (value: T) => ProviderOutcome; error?: (error: unknown) => ProviderOutcome } = {},
): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const value = await call();
    observeProviderCall(provider, operation, classify.answer?.(value) ?? 'ok', seconds());
    return value;
  } catch (error) {
    observeProviderCall(provider, operation, classify.error?.(error) ?? 'falha', seconds());
    throw error;
  }
}

/** A webhook received: `accepted` (answered 2xx) or `refused`, with a short fixed reason. */
export function observeWebhook(provider: string, outcome: 'accepted' | 'refused', reason: string): void {
  webhooks.inc({ provider, outcome, reason });
}

/** Reconciliation found something a lost call or webhook had not said (`kind`: a fixed name). */
export function countReconciliationFind(provider: string, kind: string, count = 1): void {
  reconciliationFinds.inc({ provider, kind }, count);
}

/** How many players that should be on the air give no sign now. */
export function setSilentPlayers(count: number): void {
  silentPlayers.set(count);
}

/** One delivery attempt of the e-mail outbox. */
export function observeEmail(outcome: 'enviado' | 'registrado' | 'falha', count = 1): void {
  if (count > 0) emails.inc({ outcome }, count);
}

/** A connection to the database that could not open or was lost. */
export function countPoolError(): void {
  scraped.poolErrors.inc();
}
