/**
 * Test certificates for the NFS-e tests (issue #42), made with the machine's `openssl` in a temporary
 * folder: a CA of our own, a server certificate for 127.0.0.1/localhost signed by it (the simulated
 * Sefin), and the issuer's A1 certificate as a password-protected PKCS#12 (the client side of mTLS
 * and the DPS signer), named like an ICP-Brasil e-CNPJ ("RAZAO SOCIAL:CNPJ").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FiscalCerts {
  dir: string;
  caPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  /** The issuer's A1 certificate. */
  clientPfx: Buffer;
  clientPfxPath: string;
  clientPassword: string;
  /** Another issuer's A1, signed by a CA the simulator does not trust. */
  strangerPfx: Buffer;
  cleanup(): void;
}

const openssl = (cwd: string, ...args: string[]) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A key and a certificate signed by the CA `ca`, with the extensions in `ext`. */
function issue(dir: string, ca: string, name: string, subject: string, ext: string): void {
  writeFileSync(path.join(dir, `${name}.ext`), ext);
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-sha256',
    '-extfile',
    `${name}.ext`,
  );
}

function pkcs12(dir: string, name: string, password: string): Buffer {
  openssl(
    dir,
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.crt`,
    '-out',
    `${name}.pfx`,
    '-passout',
    `pass:${password}`,
    '-name',
    name,
  );
  return readFileSync(path.join(dir, `${name}.pfx`));
}

export function makeFiscalCerts(cnpj = '11222333000181'): FiscalCerts {
  const dir = mkdtempSync(path.join(tmpdir(), 'urbana-nfse-'));
  for (const ca of ['ca', 'other-ca'])
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.crt`,
      '-subj',
      `/CN=Urbana Teste ${ca}`,
    );
  issue(
    dir,
    'ca',
    'server',
    '/CN=localhost',
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  const clientExt = 'extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature,nonRepudiation,keyEncipherment\n';
  issue(dir, 'ca', 'client', `/C=BR/O=ICP-Brasil/CN=URBANA MIDIA EXTERIOR LTDA:${cnpj}`, clientExt);
  issue(dir, 'other-ca', 'stranger', '/C=BR/CN=OUTRA EMPRESA LTDA:11444777000161', clientExt);
  const clientPassword = 'senha-do-a1';
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    dir,
    caPem: read('ca.crt'),
    serverKeyPem: read('server.key'),
    serverCertPem: read('server.crt'),
    clientPfx: pkcs12(dir, 'client', clientPassword),
    clientPfxPath: path.join(dir, 'client.pfx'),
    clientPassword,
    strangerPfx: pkcs12(dir, 'stranger', clientPassword),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
