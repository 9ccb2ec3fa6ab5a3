/**
 * While Urbana runs on the embedded database, PGlite holds its data folder: no other process may
 * open it. `npm run backup` asks the running process instead, through a Unix socket in DATA_DIR that
 * only the same user can open (mode 0600; no port, no token) — docs/decisions/087-backups.md.
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import type { Database } from '../../db/client.ts';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** Serves `GET /banco`: the PGlite data folder as a gzipped tarball. Nothing for a server database. */
export async function startBackupSocket(dataDir: string, database: Database): Promise<Server | undefined> {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) return undefined;
  const socket = backupSocketPath(dataDir);
  // A socket left by a process that died; a running instance would be holding the data folder.
  await mkdir(dataDir, { recursive: true });
  await rm(socket, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/banco') {
      res.writeHead(404).end();
      return;
    }
    dump().then(
      async (blob) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
        res.end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  return server;
}

/** The running process's dump through its socket, or null when no process answers there. */
export function dumpThroughSocket(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), path: '/banco', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`o processo respondeu ${res.statusCode} ao pedido de cópia`)),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    req.end();
  });
}
