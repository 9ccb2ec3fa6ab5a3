/**
 * A kept-alive connection the Sefin closed while it sat idle: the call is sent again once on a new
 * connection instead of failing (the same pattern as the PSP's client, lib/https-exchange.ts). A TLS
 * server here answers the first request of each connection and drops the connection when a second one
 * arrives on it, as a server that already let it go.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSefinClient } from '../src/services/fiscal/sefin-client.ts';
import { makeFiscalCerts, type FiscalCerts } from './fiscal-certs.ts';

let certs: FiscalCerts;
let server: Server;
let base: string;
const served = new WeakSet<Socket>();
let connections = 0;

beforeAll(async () => {
  certs = makeFiscalCerts();
  server = createServer(
    { key: certs.serverKeyPem, cert: certs.serverCertPem, ca: certs.caPem, requestCert: true },
    (req, res) => {
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      res.setHeader('connection', 'keep-alive');
      res.setHeader('content-type', 'application/json');
      res.end(
        req.url?.includes('/dps/')
          ? JSON.stringify({ chaveAcesso: 'CHAVE' })
          : JSON.stringify({ nfseXmlGZipB64: gzipSync('<NFSe/>').toString('base64') }),
      );
    },
  );
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}/SefinNacional`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  certs.cleanup();
});

it('uma conexão mantida que a Sefin fechou é refeita uma vez, e a consulta dá certo', async () => {
  const client = createSefinClient({
    url: base,
    pfx: certs.clientPfx,
    passphrase: certs.clientPassword,
    ca: certs.caPem,
    timeoutMs: 2000,
  });
  // Each lookup is two GETs (the DPS, then its NFS-e): every one after the first on a connection
  // finds it dropped.
  for (let i = 0; i < 3; i += 1) expect((await client.issuedFromDps(`DPS${i}`)).nfseXml).toBe('<NFSe/>');
  expect(connections).toBeGreaterThanOrEqual(6);
});
