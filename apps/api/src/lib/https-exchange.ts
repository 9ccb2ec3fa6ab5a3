/**
 * One HTTPS request to an outside service (the PSP's API Pix, the Sefin Nacional) and its whole answer,
 * with the failures every such client shares: no answer in time, a refused connection, an answer cut
 * short. A kept-alive connection the service closed while it sat idle (its keep-alive timeout) fails
 * before the request reached it: the request is sent again once on a new connection, Node's documented
 * pattern for a reused socket.
 */
import { request, type Agent } from 'node:https';

export interface HttpsAnswer {
  status: number;
  body: string;
}

export interface HttpsRequest {
  url: URL;
  method: string;
  headers: Record<string, string | number>;
  payload?: Buffer;
  timeoutMs: number;
  /** The connection pool (with its client certificate); Node's global one when absent. */
  agent?: Agent;
  /** Client certificate and trusted CA given per request (when no own agent holds them). */
  tls?: { pfx?: Buffer; passphrase?: string; ca?: string };
}

/** `service` names it in the messages ("PSP", "Sefin"); `unreachable` makes the client's own error. */
export function httpsExchange(
  call: HttpsRequest,
  service: string,
  unreachable: (message: string) => Error,
  retryOnStale = true,
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      call.url,
      { method: call.method, agent: call.agent, timeout: call.timeoutMs, headers: call.headers, ...call.tls },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (e) => reject(unreachable(`${service}: resposta interrompida (${e.message})`)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${call.timeoutMs} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (retryOnStale && req.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE'))
        return void httpsExchange(call, service, unreachable, false).then(resolve, reject);
      reject(unreachable(`${service} inacessível: ${e.message}`));
    });
    req.end(call.payload);
  });
}
