/**
 * The outside world of a benchmark, in a process of its own as it would be in production: the PSP
 * simulator over mTLS (with certificates made by `openssl` for the run) and an OTLP/HTTP receiver that
 * reads and drops what it gets. Their CPU is then not the API's, and its event loop not theirs
 * (scripts/bench-checkout.ts, scripts/bench/observability.ts).
 *
 * Run directly, it prints one JSON line — the settings that point Urbana at the simulator, and the
 * receiver's URL — and serves until SIGTERM.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { makePixCerts } from '../../apps/api/test/pix-certs.ts';
import { startPspWithCerts } from '../simulators/psp-pix.ts';

export interface OutsideWorld {
  /** PIX_PSP_URL, PIX_PSP_TOKEN_URL, the client's id, secret, certificate, key and CA (files). */
  env: Record<string, string>;
  /** The OTLP receiver's base URL. */
  sink: string;
}

/** An OTLP/HTTP collector that reads every export and answers 200. */
async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function serve(): Promise<void> {
  const certs = makePixCerts();
  const { sim, env } = await startPspWithCerts(certs);
  const sink = await startSink();
  const stop = async () => {
    await sim.close();
    await sink.close();
    certs.cleanup();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());
  process.stdout.write(`${JSON.stringify({ env, sink: sink.url } satisfies OutsideWorld)}\n`);
}

/** Starts the outside world's process and reads its settings; `stop` ends it. */
export async function startOutsideWorld(): Promise<OutsideWorld & { stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let read = '';
    child.stdout.on('data', (chunk: Buffer) => {
      read += chunk.toString();
      if (read.includes('\n')) resolve(read.slice(0, read.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`o processo do mundo de fora saiu com ${code}`)));
  });
  return { ...(JSON.parse(line) as OutsideWorld), stop: () => child.kill('SIGTERM') };
}

if (import.meta.filename === process.argv[1]) await serve();
