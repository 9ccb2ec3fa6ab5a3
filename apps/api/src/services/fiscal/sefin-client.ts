/**
 * Client of the Sefin Nacional (the national NFS-e system's API) over HTTPS with mutual TLS: the
 * issuer's A1 certificate identifies Urbana, and when NFSE_CA is set it is the only CA trusted for the
 * server (the simulator's own CA in development and tests). Bodies travel as the API publishes them:
 * JSON carrying the XML gzipped and in base64. Errors are typed so that the fiscal queue can tell a
 * refusal (fix the data, do not retry as is) from an unreachable service (retry later).
 */
import { Agent } from 'node:https';
import { createSecureContext } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sefinRoute, tracedCall } from '../../lib/client-spans.ts';
import { httpsExchange, type HttpsAnswer } from '../../lib/https-exchange.ts';
import { timeProviderCall, type ProviderOutcome } from '../../lib/metrics.ts';

/** One message of the Sefin: a code, its description and sometimes a detail. */
export interface SefinMessage {
  codigo: string;
  descricao: string;
  complemento?: string;
}

export interface EmissionResult {
  idDps: string;
  chaveAcesso: string;
  /** The NFS-e XML as issued, already unpacked. */
  nfseXml: string;
  alertas: SefinMessage[];
}

/** The Sefin answered and refused: `erros` says why. */
export class SefinRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly erros: SefinMessage[],
  ) {
    super(
      `Sefin recusou (${status}): ${erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'sem detalhe'}`,
    );
  }
}

/** No answer (connection refused, TLS refused, timeout) or an answer that is not the protocol's. */
export class SefinUnreachableError extends Error {}

export interface SefinClientOptions {
  /** NFSE_URL, e.g. https://sefin.producaorestrita.nfse.gov.br/SefinNacional */
  url: string;
  pfx: Buffer;
  passphrase: string;
  /** NFSE_CA: PEM of the only CA trusted for the server; Node's list when absent. */
  ca?: string;
  timeoutMs?: number;
}

const gzipB64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const gunzipB64 = (value: string) => gunzipSync(Buffer.from(value, 'base64')).toString('utf8');

type RawAnswer = HttpsAnswer;

function sendTo(
  options: SefinClientOptions,
  agent: Agent,
  method: string,
  path: string,
  json?: unknown,
): Promise<RawAnswer> {
  const url = new URL(options.url.replace(/\/+$/, '') + path);
  const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return tracedCall('sefin', method, url, sefinRoute(path), (traceHeaders) =>
    httpsExchange(
      {
        url,
        method,
        headers: {
          ...traceHeaders,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
        payload,
        timeoutMs: options.timeoutMs ?? 30_000,
        agent,
      },
      'Sefin',
      (message) => new SefinUnreachableError(message),
    ),
  );
}

function parseJson(answer: RawAnswer): Record<string, unknown> {
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    throw new SefinUnreachableError(`Sefin respondeu ${answer.status} sem JSON.`);
  }
}

const messages = (value: unknown): SefinMessage[] => (Array.isArray(value) ? (value as SefinMessage[]) : []);

/** A 4xx with `erros` is a refusal; anything else unexpected means the service is not working. */
function refusalOrFailure(answer: RawAnswer): Error {
  if (answer.status >= 400 && answer.status < 500) {
    const body = parseJson(answer);
    return new SefinRefusedError(answer.status, messages(body.erros ?? body.Erros));
  }
  return new SefinUnreachableError(`Sefin respondeu ${answer.status}.`);
}

export interface SefinClient {
  /** POST /nfse: sends the signed DPS, returns the NFS-e. */
  emit(signedDpsXml: string): Promise<EmissionResult>;
  /** HEAD /dps/{idDps}: has this DPS already become an NFS-e? (after a lost answer, before resending) */
  dpsExists(idDps: string): Promise<boolean>;
  /** GET /dps/{idDps} then GET /nfse/{chave}: the NFS-e a DPS became, when its answer was lost. */
  issuedFromDps(idDps: string): Promise<EmissionResult>;
  /** POST /nfse/{chave}/eventos: a signed event request (cancellation e101101). */
  cancel(
    chaveAcesso: string,
    signedEventXml: string,
  ): Promise<{ eventoXml?: string; alertas: SefinMessage[] }>;
}

/** A refusal is an answer; anything else (unreachable, outside the protocol) a failure. */
const sefinOutcome = {
  error: (error: unknown): ProviderOutcome => (error instanceof SefinRefusedError ? 'recusado' : 'falha'),
};

/** Every call timed and counted in /metrics (provider `sefin`: emitir, consultar_dps, consultar_nfse, cancelar). */
export function createSefinClient(options: SefinClientOptions): SefinClient {
  const client = untimedSefinClient(options);
  return {
    emit: (xml) => timeProviderCall('sefin', 'emitir', () => client.emit(xml), sefinOutcome),
    dpsExists: (idDps) =>
      timeProviderCall('sefin', 'consultar_dps', () => client.dpsExists(idDps), {
        ...sefinOutcome,
        answer: (exists) => (exists ? 'ok' : 'nao_encontrado'),
      }),
    issuedFromDps: (idDps) =>
      timeProviderCall('sefin', 'consultar_nfse', () => client.issuedFromDps(idDps), sefinOutcome),
    cancel: (chave, xml) =>
      timeProviderCall('sefin', 'cancelar', () => client.cancel(chave, xml), sefinOutcome),
  };
}

function untimedSefinClient(options: SefinClientOptions): SefinClient {
  // Connections kept alive between calls (a batch of the fiscal queue makes one TLS handshake, not one
  // per NFS-e); one the Sefin closed while idle is made again by httpsExchange.
  const secureContext = createSecureContext({
    pfx: options.pfx,
    passphrase: options.passphrase,
    ca: options.ca,
  });
  const agent = new Agent({ keepAlive: true, secureContext });
  const send = (method: string, path: string, json?: unknown) => sendTo(options, agent, method, path, json);
  return {
    async emit(signedDpsXml) {
      const answer = await send('POST', '/nfse', { dpsXmlGZipB64: gzipB64(signedDpsXml) });
      if (answer.status !== 200 && answer.status !== 201) throw refusalOrFailure(answer);
      const body = parseJson(answer);
      if (messages(body.erros).length > 0) throw new SefinRefusedError(answer.status, messages(body.erros));
      if (typeof body.chaveAcesso !== 'string' || typeof body.nfseXmlGZipB64 !== 'string')
        throw new SefinUnreachableError('Sefin respondeu sem chaveAcesso ou sem a NFS-e.');
      return {
        idDps: String(body.idDps ?? ''),
        chaveAcesso: body.chaveAcesso,
        nfseXml: gunzipB64(body.nfseXmlGZipB64),
        alertas: messages(body.alertas),
      };
    },
    async dpsExists(idDps) {
      const answer = await send('HEAD', `/dps/${encodeURIComponent(idDps)}`);
      if (answer.status === 200) return true;
      if (answer.status === 404) return false;
      throw new SefinUnreachableError(`Sefin respondeu ${answer.status} à consulta da DPS.`);
    },
    async issuedFromDps(idDps) {
      const found = await send('GET', `/dps/${encodeURIComponent(idDps)}`);
      if (found.status !== 200) throw refusalOrFailure(found);
      const chave = parseJson(found).chaveAcesso;
      if (typeof chave !== 'string') throw new SefinUnreachableError('Sefin respondeu sem chaveAcesso.');
      const answer = await send('GET', `/nfse/${encodeURIComponent(chave)}`);
      if (answer.status !== 200) throw refusalOrFailure(answer);
      const body = parseJson(answer);
      if (typeof body.nfseXmlGZipB64 !== 'string')
        throw new SefinUnreachableError('Sefin respondeu sem a NFS-e.');
      return { idDps, chaveAcesso: chave, nfseXml: gunzipB64(body.nfseXmlGZipB64), alertas: [] };
    },
    async cancel(chaveAcesso, signedEventXml) {
      const path = `/nfse/${encodeURIComponent(chaveAcesso)}/eventos`;
      const answer = await send('POST', path, {
        pedidoRegistroEventoXmlGZipB64: gzipB64(signedEventXml),
      });
      if (answer.status !== 200 && answer.status !== 201) throw refusalOrFailure(answer);
      const body = parseJson(answer);
      const evento = typeof body.eventoXmlGZipB64 === 'string' ? gunzipB64(body.eventoXmlGZipB64) : undefined;
      return { eventoXml: evento, alertas: messages(body.alertas) };
    },
  };
}
