/**
 * How Urbana talks to a PSP's API Pix: HTTPS with the client certificate (`PIX_PSP_CERT`/`PIX_PSP_KEY`)
 * on every connection, `PIX_PSP_CA` as the only trusted CA when set, and an OAuth2 client-credentials
 * token (`PIX_PSP_TOKEN_URL`, HTTP Basic with `PIX_PSP_CLIENT_ID`/`PIX_PSP_CLIENT_SECRET`, RFC 6749
 * §4.4) reused until shortly before it expires and fetched again when the API answers 401 (a token
 * the PSP revoked or forgot early). Errors are typed: a refusal (4xx with a `Problema`) means "do not
 * retry as is"; anything else (no answer, TLS refused, 5xx, an answer outside the protocol) means
 * "the PSP is not working now".
 */
import { Agent } from 'node:https';
import { createSecureContext, type SecureContext } from 'node:tls';
import { httpsExchange, type HttpsAnswer } from '../../../lib/https-exchange.ts';
import { pixRoute, tracedCall } from '../../../lib/client-spans.ts';
import { problemSchema, type Problem } from './schemas.ts';

export interface ApiPixOptions {
  /** PIX_PSP_URL, e.g. https://pix.example.com/v2 */
  url: string;
  /** PIX_PSP_TOKEN_URL, e.g. https://pix.example.com/oauth/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM texts (the files PIX_PSP_CERT, PIX_PSP_KEY and PIX_PSP_CA point at). */
  cert?: string;
  key?: string;
  ca?: string;
  timeoutMs?: number;
  /** Connections to the PSP at most (PIX_PSP_MAX_CONNECTIONS); unbounded when absent. */
  maxConnections?: number;
  /** Scopes asked for (the API's names). */
  scopes?: string[];
}

/** The PSP answered and refused (4xx): `problem` says why. */
export class PixPspRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(
      `PSP recusou (${status}): ${problem ? `${problem.title}${problem.detail ? ` — ${problem.detail}` : ''}` : 'sem detalhe'}`,
    );
  }
}

/** No answer, a refused connection, a 5xx, or an answer that is not the protocol's. */
export class PixPspUnreachableError extends Error {}

type RawAnswer = HttpsAnswer;

/** Renew this long before the token's announced expiry, so a request never carries a dying token. */
const RENEW_BEFORE_MS = 60_000;
const DEFAULT_SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.read',
  'pix.write',
  'webhook.write',
  'webhook.read',
];

export interface ApiPixTransport {
  /** One API call with the bearer token; a 401 fetches a new token and tries once more. */
  call(method: string, path: string, json?: unknown): Promise<RawAnswer>;
  /** How many tokens were fetched (tests watch the reuse). */
  readonly tokensFetched: number;
  close(): void;
}

function send(
  agent: Agent,
  timeoutMs: number,
  url: URL,
  method: string,
  headers: Record<string, string | number>,
  payload?: Buffer,
  route = url.pathname,
): Promise<RawAnswer> {
  return tracedCall('psp', method, url, route, (traceHeaders) =>
    httpsExchange(
      { url, method, headers: { ...headers, ...traceHeaders }, payload, timeoutMs, agent },
      'PSP',
      (message) => new PixPspUnreachableError(message),
    ),
  );
}

export function parseJson(answer: RawAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw new PixPspUnreachableError(`PSP respondeu ${answer.status} sem JSON.`);
  }
}

/** A 4xx is a refusal (with its Problema when the body is one); anything else is a failure. */
export function refusalOrFailure(answer: RawAnswer): Error {
  if (answer.status >= 400 && answer.status < 500) {
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      body = undefined;
    }
    const problem = problemSchema.safeParse(body);
    return new PixPspRefusedError(answer.status, problem.success ? problem.data : undefined);
  }
  return new PixPspUnreachableError(`PSP respondeu ${answer.status}.`);
}

/**
 * One TLS context for every connection: the certificate, key and CA are parsed once, not on each
 * handshake (a burst of checkouts opens many connections at once). An unreadable file is said at start.
 */
function pspSecureContext(options: ApiPixOptions): SecureContext {
  try {
    return createSecureContext({ cert: options.cert, key: options.key, ca: options.ca });
  } catch (error) {
    throw new Error(
      `Certificado do PSP ilegível (PIX_PSP_CERT, PIX_PSP_KEY, PIX_PSP_CA): ${(error as Error).message}`,
    );
  }
}

/** A bounded pool (PIX_PSP_MAX_CONNECTIONS): a burst waits for a kept-alive connection, no handshake each. */
function pspAgent(options: ApiPixOptions): Agent {
  const maxSockets = options.maxConnections ?? Infinity;
  return new Agent({ keepAlive: true, secureContext: pspSecureContext(options), maxSockets });
}

export function createTransport(options: ApiPixOptions): ApiPixTransport {
  const agent = pspAgent(options);
  const [timeoutMs, base] = [options.timeoutMs ?? 15_000, options.url.replace(/\/+$/, '')];
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  let fetched = 0;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: (options.scopes ?? DEFAULT_SCOPES).join(' '),
    });
    const payload = Buffer.from(form.toString());
    const answer = await send(
      agent,
      timeoutMs,
      new URL(options.tokenUrl),
      'POST',
      {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': payload.length,
        accept: 'application/json',
      },
      payload,
    );
    if (answer.status !== 200) throw refusalOrFailure(answer);
    const body = parseJson(answer) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '')
      throw new PixPspUnreachableError('PSP respondeu sem access_token.');
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    // A short-lived token is renewed at half its life rather than a minute before the end.
    const margin = Math.min(RENEW_BEFORE_MS, lifetimeMs / 2);
    fetched += 1;
    token = { value: body.access_token, renewAt: Date.now() + lifetimeMs - margin };
    return token.value;
  }

  function currentToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    // Concurrent calls share one token request.
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function once(method: string, path: string, payload: Buffer | undefined): Promise<RawAnswer> {
    const bearer = await currentToken();
    return send(
      agent,
      timeoutMs,
      new URL(base + path),
      method,
      {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
      },
      payload,
      pixRoute(path),
    );
  }

  return {
    async call(method, path, json) {
      const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      const answer = await once(method, path, payload);
      if (answer.status !== 401) return answer;
      token = undefined;
      return once(method, path, payload);
    },
    get tokensFetched() {
      return fetched;
    },
    close: () => agent.destroy(),
  };
}
