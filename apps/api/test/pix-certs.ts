/**
 * Test certificates for the Pix PSP tests (issue #41), made with the machine's `openssl` in a temporary
 * folder: a CA of our own, the PSP's server certificate for 127.0.0.1/localhost signed by it, Urbana's
 * client certificate as PEM files (PIX_PSP_CERT/PIX_PSP_KEY, as PSPs issue them), and a stranger's
 * client certificate signed by another CA (refused by the simulator's TLS).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { products, towers } from '../src/db/schema/index.ts';
import { billingPf, createUser, inject, signIn, type TestContext } from './helpers.ts';

export interface PixCerts {
  dir: string;
  caPem: string;
  caPath: string;
  serverKeyPem: string;
  serverCertPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  clientCertPath: string;
  clientKeyPath: string;
  strangerCertPem: string;
  strangerKeyPem: string;
  cleanup(): void;
}

const openssl = (cwd: string, ...args: string[]) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

function selfSigned(dir: string, name: string): void {
  openssl(
    dir,
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2'],
    ...['-keyout', `${name}.key`, '-out', `${name}.crt`, '-subj', `/CN=Urbana Teste ${name}`],
  );
}

function issue(dir: string, ca: string, name: string, subject: string, ext: string): void {
  writeFileSync(path.join(dir, `${name}.ext`), ext);
  openssl(
    dir,
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`],
    ...['-subj', subject],
  );
  openssl(
    dir,
    ...['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-CAcreateserial'],
    ...['-out', `${name}.crt`, '-days', '2', '-sha256', '-extfile', `${name}.ext`],
  );
}

export function makePixCerts(): PixCerts {
  const dir = mkdtempSync(path.join(tmpdir(), 'urbana-pix-'));
  for (const ca of ['ca', 'other-ca']) selfSigned(dir, ca);
  issue(
    dir,
    'ca',
    'server',
    '/CN=localhost',
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  const clientExt = 'extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature,keyEncipherment\n';
  issue(dir, 'ca', 'client', '/C=BR/O=Urbana Midia Exterior/CN=urbana-pix-client', clientExt);
  issue(dir, 'other-ca', 'stranger', '/C=BR/CN=outro-cliente', clientExt);
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    dir,
    caPem: read('ca.crt'),
    caPath: path.join(dir, 'ca.crt'),
    serverKeyPem: read('server.key'),
    serverCertPem: read('server.crt'),
    clientCertPem: read('client.crt'),
    clientKeyPem: read('client.key'),
    clientCertPath: path.join(dir, 'client.crt'),
    clientKeyPath: path.join(dir, 'client.key'),
    strangerCertPem: read('stranger.crt'),
    strangerKeyPem: read('stranger.key'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The receiver's key the Pix tests use (PIX_KEY's default). */
export const PSP_CHAVE = 'pix@urbana.com.br';

/**
 * The project's PSP simulator over TLS with these certificates, and the PIX_* settings that point
 * Urbana at it (OAuth2 client `urbana`/`segredo`, client certificate, the CA as the only one trusted).
 */
export async function startTestPsp(certs: PixCerts, extra: Record<string, string> = {}) {
  const { startPspSimulator } = await import('../../../scripts/simulators/psp-pix.ts');
  const sim = await startPspSimulator({
    key: certs.serverKeyPem,
    cert: certs.serverCertPem,
    ca: certs.caPem,
    clientId: 'urbana',
    clientSecret: 'segredo',
    chave: PSP_CHAVE,
  });
  const env: Record<string, string> = {
    PIX_PSP_URL: sim.url,
    PIX_PSP_TOKEN_URL: sim.tokenUrl,
    PIX_PSP_CLIENT_ID: 'urbana',
    PIX_PSP_CLIENT_SECRET: 'segredo',
    PIX_PSP_CERT: certs.clientCertPath,
    PIX_PSP_KEY: certs.clientKeyPath,
    PIX_PSP_CA: certs.caPath,
    ...extra,
  };
  return { sim, env };
}

/**
 * What a Pix test pays for: a customer with a billing profile (signed in), an operador (signed in, to be
 * told and to act), and a product with one face of one slot.
 */
export async function pixCustomerAndFace(ctx: TestContext, tag: string) {
  const u = await createUser(ctx, { nome: 'Ana Souza' });
  const cookie = await signIn(ctx, u.email, u.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  const op = await createUser(ctx, { tipo: 'operador', email: `op-${tag}@urbana.com.br` });
  const staffCookie = await signIn(ctx, op.email, op.password);
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: `outdoor-${tag}`,
      name: `Outdoor ${tag}`,
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 10_000,
      is_tower_based: false,
      weekly_audience: 10_000,
    })
    .returning();
  await ctx.database.db.insert(towers).values({ product_id: p!.id, name: 'Face A', slots: 1 });
  return { cookie, staffCookie, productId: p!.id };
}
