import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_CNPJ_PORT, E2E_OIDC_PORT, E2E_SMTP_PORT } from '../../playwright.config.ts';
import { startCnpjSimulator } from '../../scripts/simulators/brasilapi-cnpj.ts';
import { FakeOidcProvider } from '../../test-setup/fake-oidc-provider.ts';
import { GOOGLE_E2E } from './fixtures.ts';
import { MAIL_DIR } from './mail.ts';

/**
 * A real SMTP server on loopback for the browser tests: the app under test sends its e-mails here
 * through SMTP, and each message is written to test-results/mail for the tests to read.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const file = path.join(MAIL_DIR, `${Date.now()}-${n}.json`);
        // Written aside and renamed: a test polling the folder never reads a half-written file.
        writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  // Google's part of "Entrar com Google", speaking OpenID Connect on loopback.
  const google = new FakeOidcProvider(GOOGLE_E2E.clientId, GOOGLE_E2E.clientSecret);
  google.nextUser = GOOGLE_E2E.user;
  await google.start(E2E_OIDC_PORT);
  // The CNPJ registry the API asks when a company types its CNPJ (BrasilAPI protocol).
  const cnpj = await startCnpjSimulator(E2E_CNPJ_PORT);
  return async () => {
    await cnpj.close();
    await google.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
