/**
 * A Pix PSP of Urbana's own for development and the tests (issue #41), speaking the Banco Central's
 * API Pix 2.9.0 over HTTPS that requires a client certificate signed by the CA it is given:
 * - `POST /oauth/token` (OAuth2 client credentials, HTTP Basic): a bearer token that lives
 *   `control.tokenLifetimeSeconds`; `expireTokens()` forgets every token (a PSP revoking them early);
 * - the API under `/v2` (see psp-pix-api.ts), every call with a valid bearer token;
 * - the webhook: `POST {webhookUrl}/pix` (query string kept) with `{ "pix": [...] }` when a Pix arrives
 *   and when a refund settles, presenting the simulator's own client certificate;
 * - a small page over plain HTTP on loopback (psp-pix-page.ts) to pay, lose or repeat a webhook, refund.
 * `npm run psp:simulador` runs it with certificates made on the spot and prints the PIX_* settings.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadPixUtils } from '../../apps/api/src/lib/heavy-modules.ts';
import { problem, readBody, routeApi, sendJson } from './psp-pix-api.ts';
import { routePage } from './psp-pix-page.ts';
import { PspState, type Delivery, type PspControl } from './psp-pix-state.ts';

export interface PspRequest {
  method: string;
  /** The path under the API base (e.g. /cob/ABC…), or /oauth/token. */
  path: string;
  query: string;
  body?: unknown;
}

export interface PspSimulatorOptions {
  key: string;
  cert: string;
  /** The CA that client certificates must chain to. */
  ca: string;
  clientId: string;
  clientSecret: string;
  /** The receiver's Pix key (PIX_KEY): the only key charges and the webhook may name. */
  chave: string;
  port?: number;
  pagePort?: number;
  /** The certificate the simulator presents when it calls the webhook (and the CA it trusts there). */
  webhookTls?: { cert?: string; key?: string; ca?: string };
}

export interface PspSimulator {
  /** PIX_PSP_URL */
  url: string;
  /** PIX_PSP_TOKEN_URL */
  tokenUrl: string;
  /** The page (plain HTTP). */
  pageUrl: string;
  state: PspState;
  control: PspControl;
  /** Every API request, in order (token requests included). */
  received: PspRequest[];
  deliveries: Delivery[];
  tokensIssued: number;
  expireTokens(): void;
  close(): Promise<void>;
}

const API_BASE = '/v2';

function basicMatches(header: string | undefined, id: string, secret: string): boolean {
  const given = Buffer.from(/^Basic (.+)$/i.exec(header ?? '')?.[1] ?? '', 'base64');
  const expected = Buffer.from(`${id}:${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Tokens {
  live: Map<string, number>;
  issued: number;
}

async function issueToken(
  req: IncomingMessage,
  res: ServerResponse,
  options: PspSimulatorOptions,
  state: PspState,
  tokens: Tokens,
  record: PspRequest,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  record.body = Object.fromEntries(form);
  if (!basicMatches(req.headers.authorization, options.clientId, options.clientSecret))
    return sendJson(res, 401, { error: 'invalid_client' });
  if (form.get('grant_type') !== 'client_credentials')
    return sendJson(res, 400, { error: 'unsupported_grant_type' });
  const token = randomBytes(24).toString('base64url');
  const lifetime = state.control.tokenLifetimeSeconds;
  tokens.live.set(token, Date.now() + lifetime * 1000);
  tokens.issued += 1;
  sendJson(res, 200, {
    access_token: token,
    token_type: 'Bearer',
    expires_in: lifetime,
    scope: form.get('scope') ?? '',
  });
}

function authorized(req: IncomingMessage, tokens: Tokens): boolean {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const until = token ? tokens.live.get(token) : undefined;
  return until !== undefined && until > Date.now();
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: PspSimulatorOptions,
  state: PspState,
  tokens: Tokens,
  received: PspRequest[],
  copiaECola: (location: string) => string,
  host: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'https://psp');
  const record: PspRequest = { method: req.method ?? '', path: url.pathname, query: url.search };
  received.push(record);
  if (url.pathname === '/oauth/token' && req.method === 'POST')
    return issueToken(req, res, options, state, tokens, record);
  if (state.control.mode === 'timeout') return; // holds the request until the client gives up
  if (state.control.mode === 'fail')
    return problem(
      res,
      503,
      'ServicoIndisponivel',
      'Serviço Indisponível',
      'Serviço não está disponível no momento.',
    );
  if (!url.pathname.startsWith(`${API_BASE}/`))
    return problem(res, 404, 'NaoEncontrado', 'Não encontrado', 'Rota inexistente.');
  record.path = url.pathname.slice(API_BASE.length);
  if (state.control.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.control.delayMs));
  if (!authorized(req, tokens))
    return problem(
      res,
      401,
      'AcessoNegado',
      'Acesso Negado',
      'Token de acesso ausente, inválido ou expirado.',
    );
  if (req.method === 'PUT' || req.method === 'PATCH') record.body = await readBody(req);
  routeApi(req, record.body, res, url, record.path, state, { host, copiaECola });
}

const listen = (server: Server | ReturnType<typeof createHttpServer>, port: number) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

export async function startPspSimulator(options: PspSimulatorOptions): Promise<PspSimulator> {
  const state = new PspState(options.chave, options.webhookTls);
  const tokens: Tokens = { live: new Map(), issued: 0 };
  const received: PspRequest[] = [];
  const { createDynamicPix, hasError } = await loadPixUtils();
  const page = createHttpServer((req, res) => {
    routePage(req, res, state).catch(() => res.writeHead(500).end());
  });
  const pagePort = await listen(page, options.pagePort ?? 0);
  const host = `127.0.0.1:${pagePort}`;
  const copiaECola = (location: string) => {
    const pix = createDynamicPix({
      merchantName: 'URBANA MIDIA EXTERIOR',
      merchantCity: 'BRASILIA',
      url: location,
    });
    if (hasError(pix)) throw new Error('BR Code dinâmico inválido');
    return pix.toBRCode();
  };
  const server: Server = createServer(
    { key: options.key, cert: options.cert, ca: options.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      handle(req, res, options, state, tokens, received, copiaECola, host).catch(() => {
        if (!res.headersSent) problem(res, 500, 'ErroInterno', 'Erro interno', 'Erro interno do simulador.');
      });
    },
  );
  const port = await listen(server, options.port ?? 0);
  return {
    url: `https://127.0.0.1:${port}${API_BASE}`,
    tokenUrl: `https://127.0.0.1:${port}/oauth/token`,
    pageUrl: `http://${host}`,
    state,
    control: state.control,
    received,
    deliveries: state.deliveries,
    get tokensIssued() {
      return tokens.issued;
    },
    expireTokens: () => tokens.live.clear(),
    close: async () => {
      for (const s of [server, page])
        await new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        });
    },
  };
}

/**
 * The simulator over TLS with certificates made by `makePixCerts` (apps/api/test/pix-certs.ts), and the
 * PIX_* settings that point Urbana at it (OAuth2 client `urbana`/`segredo`, the client certificate, the
 * CA as the only one trusted): for the API tests and the benchmarks.
 */
export async function startPspWithCerts(
  certs: {
    serverKeyPem: string;
    serverCertPem: string;
    caPem: string;
    clientCertPath: string;
    clientKeyPath: string;
    caPath: string;
  },
  chave = 'pix@urbana.com.br',
) {
  const sim = await startPspSimulator({
    key: certs.serverKeyPem,
    cert: certs.serverCertPem,
    ca: certs.caPem,
    clientId: 'urbana',
    clientSecret: 'segredo',
    chave,
  });
  const env: Record<string, string> = {
    PIX_PSP_URL: sim.url,
    PIX_PSP_TOKEN_URL: sim.tokenUrl,
    PIX_PSP_CLIENT_ID: 'urbana',
    PIX_PSP_CLIENT_SECRET: 'segredo',
    PIX_PSP_CERT: certs.clientCertPath,
    PIX_PSP_KEY: certs.clientKeyPath,
    PIX_PSP_CA: certs.caPath,
  };
  return { sim, env };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Development: fresh certificates each run, and the settings that point Urbana at this simulator.
  const { makePixCerts } = await import('../../apps/api/test/pix-certs.ts');
  const certs = makePixCerts();
  const chave = process.env.PIX_KEY || 'pix@urbana.com.br';
  const simulator = await startPspSimulator({
    key: certs.serverKeyPem,
    cert: certs.serverCertPem,
    ca: certs.caPem,
    clientId: 'urbana-dev',
    clientSecret: 'segredo-dev',
    chave,
    port: Number(process.env.PSP_PORT ?? 4030),
    pagePort: Number(process.env.PSP_PAGE_PORT ?? 4031),
  });
  console.log(
    [
      `PSP Pix simulado em ${simulator.url} (página: ${simulator.pageUrl})`,
      `PIX_PSP_URL=${simulator.url}`,
      `PIX_PSP_TOKEN_URL=${simulator.tokenUrl}`,
      `PIX_PSP_CLIENT_ID=urbana-dev`,
      `PIX_PSP_CLIENT_SECRET=segredo-dev`,
      `PIX_PSP_CERT=${certs.clientCertPath}`,
      `PIX_PSP_KEY=${certs.clientKeyPath}`,
      `PIX_PSP_CA=${certs.caPath}`,
      `PIX_KEY=${chave}`,
    ].join('\n'),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      certs.cleanup();
      process.exit(0);
    });
}
