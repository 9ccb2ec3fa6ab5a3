/**
 * Client spans for Urbana's own node:https calls (the payment provider, the Sefin; decision 114):
 * `method route-template`, the host, the status. Without tracing, the call runs as it is.
 */
import { tracing } from './tracing-hooks.ts';

/**
 * Runs one HTTP exchange inside a client span; `send` gets the headers that carry the trace to the
 * service (none when tracing is off).
 */
export async function tracedCall<T extends { status: number }>(
  peer: string,
  method: string,
  url: URL,
  route: string,
  send: (traceHeaders: Record<string, string>) => Promise<T>,
): Promise<T> {
  const hooks = tracing();
  if (!hooks) return send({});
  const span = hooks.clientCall({ peer, method, url, route });
  try {
    const answer = await send(span.headers);
    span.end({ status: answer.status });
    return answer;
  } catch (error) {
    span.end({ error });
    throw error;
  }
}

/** The API Pix path's template: `/cob/{txid}`, `/pix/{e2eid}/devolucao/{id}`… (no ids, no query). */
export function pixRoute(path: string): string {
  return path
    .split('?')[0]!
    .replace(/^\/(cobv?)\/[^/]+/, '/$1/{txid}')
    .replace(/^\/pix\/[^/]+/, '/pix/{e2eid}')
    .replace(/\/devolucao\/[^/]+$/, '/devolucao/{id}')
    .replace(/^\/webhook\/[^/]+/, '/webhook/{chave}');
}

/** The Sefin Nacional path's template: `/nfse/{chave}/eventos`, `/dps/{id}`. */
export function sefinRoute(path: string): string {
  return path
    .split('?')[0]!
    .replace(/^\/nfse\/[^/]+/, '/nfse/{chave}')
    .replace(/^\/dps\/[^/]+/, '/dps/{id}');
}
