import path from 'node:path';
import { z } from 'zod';
import {
  AGENCY_COMMISSION_MAX_PERCENT,
  AGENCY_COMMISSION_MIN_PERCENT,
  DEFAULT_AGENCY_COMMISSION_PERCENT,
  largestSpecMb,
  parseAdminEmails,
  SEARCH_MAP_LIMIT,
} from '@urbana/shared';
import { apiRoot } from './paths.ts';
import { nfseConfig, type NfseConfig } from './services/fiscal/nfse-config.ts';
import { pixPspConfig, pixPspEnvSchema, type PixPspConfig } from './services/payments/api-pix/config.ts';

export const repoRoot = path.resolve(apiRoot, '../..');

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'sim'].includes(v.toLowerCase()),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
  // PGlite on a worker thread, off the HTTP event loop (decision 048); unset: on in production.
  PGLITE_WORKER: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('urbana:'),
  DATA_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_EMAILS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Urbana <nao-responda@urbana.com.br>'),
  TRUST_PROXY: z.string().optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(168),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.1),
  SEED_DEMO: bool(true),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(true),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().default('© OpenStreetMap'),
  // ViaCEP protocol (GET {base}/{cep}/json/); empty turns the address lookup off.
  CEP_LOOKUP_URL: z.union([z.literal(''), z.string().url()]).default('https://viacep.com.br/ws'),
  // BrasilAPI protocol (GET {base}/cnpj/v1/{cnpj}), asked by the API; empty (the default) turns it off.
  CNPJ_LOOKUP_URL: z.union([z.literal(''), z.string().url()]).default(''),
  LEAD_BUSINESS_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  // Places the search map shows one by one before it groups them (decision 045); lower only to see
  // the groups with a small catalogue (the browser tests).
  SEARCH_MAP_MARKERS: z.coerce.number().int().min(1).max(SEARCH_MAP_LIMIT).default(SEARCH_MAP_LIMIT),
  SEED_CATALOG: bool(true),
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // At least a minute: without a window anyone who books and cancels a watched face could make Urbana
  // e-mail its watchers at will (issue #39 item 8). At most a week, lest a watcher hear nothing for ages.
  PLAYER_SILENCE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MAKEGOOD_THRESHOLD_PERCENT: z.coerce.number().int().min(1).max(100).default(90),
  WATCH_ALERT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  PIX_KEY: z.string().default('pix@urbana.com.br'),
  PIX_MERCHANT_NAME: z.string().default('URBANA MIDIA EXTERIOR'),
  PIX_MERCHANT_CITY: z.string().default('BRASILIA'),
  ...pixPspEnvSchema,
  LONG_RUN_DISCOUNT_WEEKS: z.coerce.number().int().min(1).default(12),
  LONG_RUN_DISCOUNT_PERCENT: z.coerce.number().min(0).max(90).default(10),
  // The CENP's desconto-padrão of a certified agency (issue #44, decision 098): 20 % at least.
  AGENCY_COMMISSION_PERCENT: z.coerce
    .number()
    .int()
    .min(AGENCY_COMMISSION_MIN_PERCENT)
    .max(AGENCY_COMMISSION_MAX_PERCENT)
    .default(DEFAULT_AGENCY_COMMISSION_PERCENT),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(10),
  MEDIA_IMAGE_MAX_MB: z.coerce.number().positive().max(2000).default(largestSpecMb('imagem')),
  MEDIA_VIDEO_MAX_MB: z.coerce.number().positive().max(2000).default(largestSpecMb('video')),
  MEDIA_QUOTA_MB: z.coerce.number().positive().default(2048),
  ORDER_UNPAID_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  ORDER_UNPAID_MAX_FACE_WEEKS: z.coerce.number().int().min(1).default(260),
  ORDER_UNPAID_MAX_PER_IP: z.coerce.number().int().min(1).default(15),
  ORDER_RATE_MAX: z.coerce.number().int().min(1).default(10),
  ORDER_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  IDEMPOTENCY_KEY_HOURS: z.coerce.number().positive().default(24),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(900),
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  SIGN_IN_PAIR_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  SIGN_IN_PAIR_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  SIGN_IN_EMAIL_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  SIGN_IN_EMAIL_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  LGPD_ENCARREGADO_NOME: z.string().default('Encarregado de Proteção de Dados da Urbana'),
  LGPD_ENCARREGADO_EMAIL: z.string().email().default('privacidade@urbana.com.br'),
  ADMIN_TWO_FACTOR_REQUIRED: bool(true),
  DATA_EXPORT_LINK_HOURS: z.coerce.number().positive().max(720).default(48),
  STAFF_INVITATION_DAYS: z.coerce.number().positive().max(30).default(7),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().optional(),
  // NFS-e Nacional (issue #42): the Sefin's base URL; empty (the default) issues no NFS-e.
  NFSE_URL: z.union([z.literal(''), z.string().url()]).default(''),
  NFSE_AMBIENTE: z.enum(['1', '2']).default('2'),
  NFSE_CERT_PFX: z.string().optional(),
  NFSE_CERT_PASSWORD: z.string().optional(),
  NFSE_CA: z.string().optional(),
  NFSE_SERIE: z
    .string()
    .regex(/^(?!0{1,5}$)\d{1,5}$/)
    .default('1'),
  NFSE_ITEM_SERVICO: z
    .string()
    .regex(/^\d{6}$/)
    .default('172501'),
  // Percent, "5" or "2,5"; unset lets the Sefin apply the city's own rate.
  NFSE_ALIQUOTA_ISS: z
    .string()
    .regex(/^\d(?:[.,]\d{1,2})?$/)
    .optional(),
  // Days after issuance in which Urbana cancels an NFS-e itself (event e101101); past them staff
  // substitute it (docs/decisions/085-nfse-cancellation.md).
  NFSE_PRAZO_CANCELAMENTO_DIAS: z.coerce.number().int().positive().max(3650).default(30),
  EMPRESA_CNPJ: z.string().optional(),
  EMPRESA_RAZAO_SOCIAL: z.string().optional(),
  EMPRESA_IM: z.string().optional(),
  EMPRESA_MUNICIPIO_IBGE: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
  EMPRESA_REGIME: z.enum(['mei', 'simples', 'presumido', 'real']).optional(),
  // Issue #46: /metrics on a listener of its own (loopback unless METRICS_HOST says otherwise), or on
  // the main port only with the bearer METRICS_TOKEN (decision 086).
  METRICS_PORT: z.union([z.literal(''), z.coerce.number().int().min(0).max(65535)]).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** https → Secure, __Host- cookies. */
  secureCookies: boolean;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** How long a request waits for a database connection before it fails with 503. */
  databaseConnectTimeoutMs: number;
  /** PGlite (no DATABASE_URL) runs its queries on a worker thread, not the HTTP event loop. */
  pgliteWorker: boolean;
  /** Shared store for the per-IP request limits (several instances); unset = in process. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key Urbana writes. */
  redisPrefix: string;
  dataDir: string;
  webDist: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Passed to Fastify's trustProxy: false unless configured. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  /**
   * Share of successful answers written to the access log, one compact line each; refusals and
   * errors are always written. LOG_LEVEL=debug logs every request in full instead.
   */
  accessLogSample: number;
  seedDemo: boolean;
  /** Object storage: S3-compatible when S3_BUCKET is set, else a folder under DATA_DIR. */
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  tileUrl: string;
  tileAttribution: string;
  /** Base URL of a ViaCEP-compatible CEP service called by the browser; '' when off. */
  cepLookupUrl: string;
  /** Base URL of a BrasilAPI-compatible CNPJ service called by the API; '' when off. */
  cnpjLookupUrl: string;
  /** Earliest booking start: today plus this many business days. */
  leadBusinessDays: number;
  /** Markers the search map shows before it groups (SEARCH_MAP_MARKERS, at most SEARCH_MAP_LIMIT). */
  mapMarkers: number;
  seedCatalog: boolean;
  paymentWindowMs: number;
  /** A watcher hears about one place at most once in this many minutes, bell and e-mail (issue #39). */
  watchAlertMinutes: number;
  /** A screen with no signed request for this long, in its operating hours, is brought to staff. */
  playerSilenceMinutes: number;
  /** A screen booking that ends with fewer plays than this percent of the booked ones asks staff for a make-good. */
  makegoodThresholdPercent: number;
  pix: { key: string; merchantName: string; merchantCity: string };
  /** HMAC secret of the payment provider's webhook; without it the webhook refuses every call. */
  /** A PSP speaking the API Pix (issue #41), only when PIX_PSP_URL is set. */
  pixPsp: PixPspConfig | undefined;
  /** The secret the PSP's webhook URL carries (`?segredo=`) when nginx does not verify its certificate. */
  pixWebhookSecret: string | undefined;
  pricing: { longRunWeeks: number; longRunPercent: number };
  /** /metrics: its own listener (port undefined = none) and the main port's bearer token (undefined = none). */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** The desconto-padrão of a CENP-certified agency, in percent of the gross media value (decision 098). */
  agencyCommissionPercent: number;
  /** Multiplies every per-IP request limit (e.g. many people behind one office NAT). */
  rateLimitScale: number;
  /** How long a product page or search answer may be served from memory (0 turns it off). */
  catalogCacheSeconds: number;
  /** How long a checked session may be reused from memory (0 turns it off; docs/decisions/039). */
  sessionCacheSeconds: number;
  /** Media library limits per file and per user, in bytes. */
  media: { imageMaxBytes: number; videoMaxBytes: number; quotaBytes: number };
  /**
   * What one account (and one IP) may hold unpaid at a time, and how fast it may place orders
   * (docs/decisions/026-abuse-and-edge-cases.md). Staff lift the holding limits per customer.
   */
  orderLimits: {
    unpaidPerAccount: number;
    faceWeeksPerAccount: number;
    unpaidPerIp: number;
    rate: { max: number; timeWindow: number };
  };
  /** How long an Idempotency-Key answers with the same order or the same refusal. */
  idempotencyKeyMs: number;
  /** The whole request must arrive within this time (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** A connection that sends nothing for this long (a stalled body) is closed. */
  bodyIdleTimeoutMs: number;
  /** Sign-in failures: per (e-mail, IP), and a wider per-e-mail limit a known device passes. */
  signInLimits: {
    pair: { max: number; windowMs: number };
    email: { max: number; windowMs: number };
  };
  /** The person in charge of personal data (LGPD art. 41), shown in /privacidade. */
  encarregado: { nome: string; email: string };
  /** Admins must set up two-factor sign-in before the panel opens (docs/decisions/031). */
  adminTwoFactorRequired: boolean;
  /** How long the link of a "Baixar meus dados" ZIP works. */
  dataExportMs: number;
  /** How long a staff invitation link works. */
  invitationMs: number;
  /** Google sign-in (OpenID Connect), only when both client id and secret are set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** NFS-e Nacional (issue #42 items 3 and 7), only when NFSE_URL is set. */
  nfse: NfseConfig | undefined;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The parsed environment, before it becomes a Config. */
type ParsedEnv = z.output<typeof envSchema>;

/** Object storage on S3 when a bucket is set, else undefined (a folder under DATA_DIR). */
function s3Config(e: ParsedEnv): Config['s3'] {
  return e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : undefined;
}

/** The unpaid-order and order-rate limits (docs/decisions/026-abuse-and-edge-cases.md). */
function orderLimitsOf(e: z.infer<typeof envSchema>): Config['orderLimits'] {
  return {
    unpaidPerAccount: e.ORDER_UNPAID_MAX_PER_ACCOUNT,
    faceWeeksPerAccount: e.ORDER_UNPAID_MAX_FACE_WEEKS,
    unpaidPerIp: e.ORDER_UNPAID_MAX_PER_IP,
    rate: { max: e.ORDER_RATE_MAX, timeWindow: e.ORDER_RATE_WINDOW_MINUTES * 60_000 },
  };
}

/** Google sign-in, only when both the client id and the secret are set. */
function googleConfig(e: ParsedEnv): Config['google'] {
  return e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
    ? {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
      }
    : undefined;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuração inválida: ${detail}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    pgliteWorker: bool(e.NODE_ENV === 'production').parse(e.PGLITE_WORKER),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(repoRoot, 'data'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86400_000,
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    seedDemo: e.SEED_DEMO,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    media: {
      imageMaxBytes: Math.round(e.MEDIA_IMAGE_MAX_MB * 1024 * 1024),
      videoMaxBytes: Math.round(e.MEDIA_VIDEO_MAX_MB * 1024 * 1024),
      quotaBytes: Math.round(e.MEDIA_QUOTA_MB * 1024 * 1024),
    },
    paymentWindowMs: e.PAYMENT_WINDOW_MINUTES * 60_000,
    watchAlertMinutes: e.WATCH_ALERT_MINUTES,
    playerSilenceMinutes: e.PLAYER_SILENCE_MINUTES,
    makegoodThresholdPercent: e.MAKEGOOD_THRESHOLD_PERCENT,
    pix: { key: e.PIX_KEY, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY },
    pixPsp: pixPspConfig(e),
    pixWebhookSecret: e.PIX_WEBHOOK_SECRET || undefined,
    pricing: { longRunWeeks: e.LONG_RUN_DISCOUNT_WEEKS, longRunPercent: e.LONG_RUN_DISCOUNT_PERCENT },
    agencyCommissionPercent: e.AGENCY_COMMISSION_PERCENT,
    s3: s3Config(e),
    orderLimits: orderLimitsOf(e),
    idempotencyKeyMs: e.IDEMPOTENCY_KEY_HOURS * 3600_000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    signInLimits: {
      pair: { max: e.SIGN_IN_PAIR_MAX_FAILURES, windowMs: e.SIGN_IN_PAIR_WINDOW_MINUTES * 60_000 },
      email: { max: e.SIGN_IN_EMAIL_MAX_FAILURES, windowMs: e.SIGN_IN_EMAIL_WINDOW_MINUTES * 60_000 },
    },
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    cepLookupUrl: e.CEP_LOOKUP_URL.replace(/\/+$/, ''),
    cnpjLookupUrl: e.CNPJ_LOOKUP_URL.replace(/\/+$/, ''),
    leadBusinessDays: e.LEAD_BUSINESS_DAYS,
    mapMarkers: e.SEARCH_MAP_MARKERS,
    seedCatalog: e.SEED_CATALOG,
    encarregado: { nome: e.LGPD_ENCARREGADO_NOME, email: e.LGPD_ENCARREGADO_EMAIL },
    adminTwoFactorRequired: e.ADMIN_TWO_FACTOR_REQUIRED,
    dataExportMs: e.DATA_EXPORT_LINK_HOURS * 3600_000,
    invitationMs: e.STAFF_INVITATION_DAYS * 86400_000,
    google: googleConfig(e),
    nfse: nfseConfig(e),
    metrics: {
      port: e.METRICS_PORT === '' ? undefined : e.METRICS_PORT,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN || undefined,
    },
  };
}
