/**
 * Issue #46 item 2 (decision 114): without OTEL_EXPORTER_OTLP_ENDPOINT, starting the app and answering
 * loads nothing of OpenTelemetry (only `@opentelemetry/api`, the no-op facade prom-client requires
 * for its exemplars); with it set, the SDK, the exporter and the instrumentations are loaded — the
 * same probe seeing them is what makes the first answer mean something.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const probe = path.join(import.meta.dirname, 'probes/otel-modules.ts');

let collector: Server;
let exportsReceived = 0;

beforeAll(async () => {
  collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exportsReceived += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

function runProbe(extra: Record<string, string>): Promise<{ status: number; packages: string[] }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: '',
    NODE_OPTIONS: '',
  };
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  Object.assign(env, extra);
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [probe], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`a sonda saiu com ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as { status: number; packages: string[] });
    });
  });
}

describe('tracing off', () => {
  it('loads no OpenTelemetry package without OTEL_EXPORTER_OTLP_ENDPOINT, and loads them with it', async () => {
    const off = await runProbe({});
    expect(off.status).toBe(200);
    expect(off.packages).toEqual(['@opentelemetry/api']);

    const port = (collector.address() as AddressInfo).port;
    const on = await runProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(on.status).toBe(200);
    expect(on.packages).toEqual(
      expect.arrayContaining([
        '@fastify/otel',
        '@opentelemetry/sdk-trace-node',
        '@opentelemetry/exporter-trace-otlp-http',
        '@opentelemetry/instrumentation-undici',
      ]),
    );
    // The probe's request span went out when it stopped.
    expect(exportsReceived).toBeGreaterThan(0);
  }, 120_000);
});
