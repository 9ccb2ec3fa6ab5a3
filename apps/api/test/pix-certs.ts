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
