/**
 * The PSP client keeps at most PIX_PSP_MAX_CONNECTIONS connections: a burst of calls waits for one of
 * them instead of opening a TLS handshake each (the PSP answers all of them).
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTransport } from '../src/services/payments/api-pix/http.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';

let certs: PixCerts;
let server: Server;
let base: string;
let connections = 0;

beforeAll(async () => {
  certs = makePixCerts();
  server = createServer(
    { key: certs.serverKeyPem, cert: certs.serverCertPem, ca: certs.caPem, requestCert: true },
    (req, res) => {
      res.setHeader('content-type', 'application/json');
      // A little time at the PSP, so the calls overlap.
      setTimeout(
        () =>
          res.end(
            req.url === '/oauth/token'
              ? JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600 })
              : JSON.stringify({ ok: true }),
          ),
        5,
      );
    },
  );
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  certs.cleanup();
});

const transportWith = (maxConnections?: number) =>
  createTransport({
    url: `${base}/v2`,
    tokenUrl: `${base}/oauth/token`,
    clientId: 'urbana',
    clientSecret: 'segredo',
    cert: certs.clientCertPem,
    key: certs.clientKeyPem,
    ca: certs.caPem,
    maxConnections,
  });

async function burst(maxConnections?: number) {
  connections = 0;
  const transport = transportWith(maxConnections);
  try {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        transport.call('GET', `/cob/URBANA${String(i).padStart(20, '0')}`),
      ),
    );
    return { statuses: new Set(answers.map((a) => a.status)), connections };
  } finally {
    transport.close();
  }
}

it('30 chamadas de uma vez usam no máximo 3 conexões quando o limite é 3, e todas são respondidas', async () => {
  const bounded = await burst(3);
  expect(bounded.statuses).toEqual(new Set([200]));
  expect(bounded.connections).toBeLessThanOrEqual(3);
  // Without a bound the same burst opens a connection per call.
  const unbounded = await burst();
  expect(unbounded.statuses).toEqual(new Set([200]));
  expect(unbounded.connections).toBeGreaterThan(10);
});
