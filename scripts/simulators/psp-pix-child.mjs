// Starts the project's PSP simulator (`scripts/simulators/psp-pix.ts`, API Pix over mTLS) as a child
// process and reads the PIX_* settings it prints, for `npm run dev` and the browser tests' server: both
// start it before the API, which reads its certificates and registers its webhook when it starts.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The child, and the PIX_* settings that point Urbana at it. */
export async function startPspChild(env, ports = {}) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(tsx, ['scripts/simulators/psp-pix.ts'], {
    env: {
      ...env,
      ...(ports.api ? { PSP_PORT: String(ports.api) } : {}),
      ...(ports.page ? { PSP_PAGE_PORT: String(ports.page) } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const printed = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('PIX_KEY=')) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`o simulador do PSP saiu (${code})`)));
  });
  const settings = {};
  for (const line of printed.split('\n')) {
    const match = /^(PIX_[A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) settings[match[1]] = match[2];
  }
  const page = /página: (\S+)\)/.exec(printed)?.[1];
  return { child, settings, page };
}
