/**
 * A kept-alive connection the PSP closed while it sat idle (a server's keep-alive timeout; the bench saw
 * the first checkout after a few idle seconds fail with 503): the call is sent again once on a new
 * connection instead of failing. A TLS server here answers the first request of each connection and
 * drops the connection when a second one arrives on it, as a server that already let it go.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTransport } from '../src/services/payments/api-pix/http.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';

let certs: PixCerts;
let server: Server;
let base: string;
const served = new WeakSet<Socket>();
let connections = 0;

beforeAll(async () => {
  certs = makePixCerts();
  server = createServer(
    { key: certs.serverKeyPem, cert: certs.serverCertPem, ca: certs.caPem, requestCert: true },
    (req, res) => {
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      res.setHeader('content-type', 'application/json');
      res.setHeader('connection', 'keep-alive');
      res.end(
        req.url === '/oauth/token'
          ? JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600 })
          : JSON.stringify({ ok: true }),
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

it('uma conexão mantida que o PSP fechou é refeita uma vez, e a chamada dá certo', async () => {
  const transport = createTransport({
    url: `${base}/v2`,
    tokenUrl: `${base}/oauth/token`,
    clientId: 'urbana',
    clientSecret: 'segredo',
    cert: certs.clientCertPem,
    key: certs.clientKeyPem,
    ca: certs.caPem,
  });
  try {
    // The token and each call: every request after the first on a connection finds it dropped.
    for (let i = 0; i < 3; i += 1) expect((await transport.call('GET', '/cob/URB1')).status).toBe(200);
    expect(connections).toBeGreaterThanOrEqual(4);
  } finally {
    transport.close();
  }
});

it('um certificado do PSP ilegível é dito ao preparar o cliente, nomeando as variáveis', () => {
  expect(() =>
    createTransport({
      url: `${base}/v2`,
      tokenUrl: `${base}/oauth/token`,
      clientId: 'urbana',
      clientSecret: 'segredo',
      cert: 'não é um certificado',
      key: 'nem uma chave',
    }),
  ).toThrow(/Certificado do PSP ilegível \(PIX_PSP_CERT, PIX_PSP_KEY, PIX_PSP_CA\)/);
});
