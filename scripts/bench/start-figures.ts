/**
 * Issue #21's start figures, each beside its floor measured in the same run: the time from spawning
 * a process to its first 200 and its resident memory 3 s later, for the compiled server (a product
 * read on an existing catalogue) and for a Fastify hello (scripts/bench/hello.ts, compiled the same
 * way and started with plain node). Three starts of each, interleaved so that both see the same
 * machine; the median is kept.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { spawnServer, type SpawnedServer } from './start.ts';

const root = path.resolve(import.meta.dirname, '../..');
const STARTS = 3;

export function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** hello.ts as plain JavaScript, inside node_modules so that it finds fastify as the server does. */
async function compiledHello(): Promise<string> {
  const outDir = path.join(root, 'node_modules/.cache/urbana-bench');
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, 'hello.mjs');
  await build({
    entryPoints: [path.join(root, 'scripts/bench/hello.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

interface Start {
  firstAnswerMs: number;
  idleMb: number;
  server: SpawnedServer;
}

async function startOnce(args: string[], env: Record<string, string>, url: string): Promise<Start> {
  const started = performance.now();
  // Polled often: the first answer after start is the figure.
  const server = await spawnServer({ args, cwd: root, env, healthUrl: url, pollMs: 20 });
  const firstAnswerMs = Math.round(performance.now() - started);
  await new Promise((r) => setTimeout(r, 3000));
  return { firstAnswerMs, idleMb: residentMb(server.child.pid!), server };
}

export interface StartFigures {
  server: { firstAnswerMs: number; idleMb: number };
  hello: { firstAnswerMs: number; idleMb: number };
  /** The last start of the server, left running for the load that follows. */
  running: SpawnedServer;
}

/**
 * `serverEnv` starts `apps/api/dist/server.js` (already compiled); `productPath` is a product read on
 * its catalogue; the hello answers on `helloPort`.
 */
export async function measureStarts(options: {
  serverEnv: Record<string, string>;
  base: string;
  productPath: string;
  helloPort: number;
}): Promise<StartFigures> {
  const hello = await compiledHello();
  const helloUrl = `http://127.0.0.1:${options.helloPort}/api/health/live`;
  const servers: Start[] = [];
  const hellos: Start[] = [];
  let running: SpawnedServer | undefined;
  try {
    for (let i = 0; i < STARTS; i++) {
      const h = await startOnce([hello], { PORT: String(options.helloPort) }, helloUrl);
      await h.server.stop();
      hellos.push(h);
      await running?.stop();
      // As scripts/start.mjs starts it in production.
      const s = await startOnce(
        ['--enable-source-maps', 'apps/api/dist/server.js'],
        options.serverEnv,
        `${options.base}${options.productPath}`,
      );
      running = s.server;
      servers.push(s);
    }
  } catch (error) {
    await running?.stop();
    throw error;
  }
  const pick = (starts: Start[]) => ({
    firstAnswerMs: median(starts.map((s) => s.firstAnswerMs)),
    idleMb: median(starts.map((s) => s.idleMb)),
  });
  return { server: pick(servers), hello: pick(hellos), running: running! };
}
