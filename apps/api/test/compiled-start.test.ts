import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue #21 (docs/decisions/040-compiled-start-and-honest-reads.md): production runs compiled
// JavaScript, and the heavy modules load on first use, never at start.
const apiDir = path.resolve(import.meta.dirname, '..');
const bundle = path.join(apiDir, 'dist/server.js');
const heavy = [
  'sharp',
  'pdfkit',
  '@aws-sdk/client-s3',
  'ioredis',
  'nodemailer',
  'qrcode',
  // Needed by one feature each, or only by the embedded database (issue #21: first answer ≤ 1 s).
  'pix-utils',
  'jose',
  'file-type',
  'yazl',
  '@aws-sdk/lib-storage',
  '@electric-sql/pglite',
];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-compiled-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('servidor compilado', () => {
  it('a compilação gera um só módulo sem importar os módulos pesados no início', () => {
    const build = spawnSync(process.execPath, [path.join(apiDir, 'build.mjs')], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const code = readFileSync(bundle, 'utf8');
    const staticImports = [...code.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(staticImports).toContain('fastify');
    for (const name of heavy) {
      expect(staticImports, name).not.toContain(name);
      expect(code, name).toContain(`import("${name}")`);
    }
    // The workspace's TypeScript package is compiled in, not loaded at run time.
    expect(staticImports.some((name) => name?.startsWith('@urbana/'))).toBe(false);
    // OpenTelemetry is in dist/tracing.js, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set
    // (decision 114).
    expect(code).not.toMatch(/from\s+"(@opentelemetry\/|@fastify\/otel)/);
    expect(readFileSync(path.join(apiDir, 'dist/tracing.js'), 'utf8')).toMatch(/from\s+"@fastify\/otel"/);
  }, 60_000);

  it('roda com node, sem tsx, e responde à saúde e ao catálogo', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [bundle], {
      cwd: path.resolve(apiDir, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        SEED_CATALOG: 'false',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      let health: Response | undefined;
      // A fresh embedded database runs every migration first: slow on a loaded machine.
      const deadline = Date.now() + 200_000;
      while (!health && Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`o servidor saiu: ${stderr}`);
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status, stderr).toBe(200);
      expect(await health?.json()).toMatchObject({ status: 'ok', driver: 'pglite' });
      // Places come from the data file next to the sources, found from the bundle's folder.
      const search = await fetch(`http://127.0.0.1:${port}/api/search?local=Bras%C3%ADlia`);
      expect(search.status).toBe(200);
      expect(((await search.json()) as { center: { label: string } }).center.label).toContain('Brasília');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    }
  }, 240_000);
});
