// Starts the project's Sefin Nacional simulator (`scripts/simulators/sefin-nacional.ts`, HTTPS with
// client certificates, issue #42) as a child process and reads the NFSE_* settings it prints (its URL,
// the CA of its server certificate, the issuer's A1 certificate and password, all made on the spot),
// for the browser tests' server: started before the API, which reads the certificates when it starts.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The child, and the NFSE_* settings that point Urbana at it. */
export async function startSefinChild(env, port, pagePort) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(tsx, ['scripts/simulators/sefin-nacional.ts'], {
    // PORT is the simulator's own here, not the API's.
    env: { ...env, PORT: String(port ?? 4020), SEFIN_PAGE_PORT: String(pagePort ?? 4021) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const printed = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('NFSE_CERT_PASSWORD=')) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`o simulador da Sefin saiu (${code})`)));
  });
  const settings = {};
  for (const line of printed.split('\n')) {
    const match = /^(NFSE_[A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) settings[match[1]] = match[2];
  }
  return { child, settings };
}
