/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (issue #46 item 3,
 * docs/decisions/087-backups.md). A backup folder holds the database (a `pg_dump` custom-format file
 * from the PostgreSQL server, or the embedded PGlite's data folder as a gzipped tarball), the local
 * files copied, and `manifest.json` with the SHA-256 of everything. Restoring refuses a database or a
 * folder that is not empty.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { listBucket, missingFromBucket } from './backup-s3.ts';
import { dumpThroughSocket } from './backup-socket.ts';

const run = promisify(execFile);

export interface BackupManifest {
  format: 1;
  created_at: string;
  database: { kind: 'postgresql' | 'pglite'; file: string; sha256: string; size: number };
  /** Copied into the backup's `arquivos/` (local files), or only listed when they live in S3. */
  files_in?: 'copia' | 's3';
  files: Array<{ key: string; size: number; sha256: string }>;
}

/** A refusal the command prints as it is (Portuguese) and exits 1. */
export class BackupRefused extends Error {}

export const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

const filesRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'arquivos');
const pgliteDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/** Every file under root, as keys with `/`, in a stable order; half-written ones left out. */
async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const keys: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await listFiles(root, key)));
    else if (entry.isFile() && !entry.name.endsWith('.parcial')) keys.push(key);
  }
  return keys;
}

/** The database into `folder`: pg_dump (one snapshot) or the PGlite data folder. */
async function backupDatabase(config: Config, folder: string): Promise<BackupManifest['database']> {
  if (config.databaseUrl) {
    const file = path.join(folder, 'banco.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, config.databaseUrl]);
    const info = await stat(file);
    return { kind: 'postgresql', file: 'banco.dump', sha256: await sha256File(file), size: info.size };
  }
  const dump = (await dumpThroughSocket(config.dataDir)) ?? (await dumpStoppedPglite(config));
  const file = path.join(folder, 'banco-pglite.tar.gz');
  await writeFile(file, dump);
  return { kind: 'pglite', file: 'banco-pglite.tar.gz', sha256: await sha256File(file), size: dump.length };
}

/** No process holds the data folder: open it here, dump it, close it. */
async function dumpStoppedPglite(config: Config): Promise<Buffer> {
  const dir = pgliteDir(config);
  if (await isEmptyFolder(dir)) throw new BackupRefused(`Não há banco embutido em ${dir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = await PGlite.create(dir, { extensions: { btree_gist } });
  try {
    return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/** A consistent backup of the running (or stopped) Urbana into an empty `folder`. */
export async function backup(config: Config, folder: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(folder))) throw new BackupRefused(`A pasta ${folder} não está vazia.`);
  await mkdir(path.join(folder, 'arquivos'), { recursive: true });
  // The database first: every file a row names was written before its row, so it is there after.
  const database = await backupDatabase(config, folder);
  if (config.s3)
    return writeManifest(folder, { database, files_in: 's3', files: await listBucket(config.s3) });
  const files: BackupManifest['files'] = [];
  for (const key of await listFiles(filesRoot(config))) {
    const target = path.join(folder, 'arquivos', key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(filesRoot(config), key), target);
    files.push({ key, size: (await stat(target)).size, sha256: await sha256File(target) });
  }
  return writeManifest(folder, { database, files_in: 'copia', files });
}

async function writeManifest(
  folder: string,
  parts: Pick<BackupManifest, 'database' | 'files_in' | 'files'>,
): Promise<BackupManifest> {
  const manifest: BackupManifest = { format: 1, created_at: new Date().toISOString(), ...parts };
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  const file = path.join(folder, manifest.database.file);
  if ((await sha256File(file)) !== manifest.database.sha256)
    throw new BackupRefused(`${manifest.database.file} não confere com o manifest.json.`);
  return manifest;
}

/** Tables in any schema but PostgreSQL's own: an empty database has none. */
async function serverTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function restoreDatabase(config: Config, folder: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(folder, manifest.database.file);
  if (manifest.database.kind === 'postgresql') {
    if (!config.databaseUrl)
      throw new BackupRefused('Esta cópia é de um servidor PostgreSQL: defina DATABASE_URL.');
    if ((await serverTables(config.databaseUrl)) > 0)
      throw new BackupRefused('O banco de destino não está vazio: restaure num banco novo.');
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', config.databaseUrl, file]);
    return;
  }
  if (config.databaseUrl) throw new BackupRefused('Esta cópia é do banco embutido: não defina DATABASE_URL.');
  const dir = pgliteDir(config);
  if (!(await isEmptyFolder(dir))) throw new BackupRefused(`A pasta do banco ${dir} não está vazia.`);
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const loadDataDir = new Blob([await readFile(file)]);
  const client = await PGlite.create(dir, { extensions: { btree_gist }, loadDataDir });
  await client.query('select 1');
  await client.close();
}

/** Restores `folder` into an empty database and an empty files folder, checking every checksum. */
export async function restore(config: Config, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  if (manifest.files_in === 's3') return restoreWithBucket(config, folder, manifest);
  const root = filesRoot(config);
  if (manifest.files.length > 0 && !(await isEmptyFolder(root)))
    throw new BackupRefused(`A pasta de arquivos ${root} não está vazia.`);
  await restoreDatabase(config, folder, manifest);
  for (const entry of manifest.files) {
    const target = path.join(root, entry.key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(folder, 'arquivos', entry.key), target);
    if ((await sha256File(target)) !== entry.sha256)
      throw new BackupRefused(`O arquivo ${entry.key} não confere com o manifest.json.`);
  }
  return manifest;
}

/** A backup whose files are in S3: the bucket must still hold each as listed, then the database is restored. */
async function restoreWithBucket(config: Config, folder: string, manifest: BackupManifest) {
  if (!config.s3)
    throw new BackupRefused('Os arquivos desta cópia estão no S3: defina S3_BUCKET e as credenciais.');
  const wrong = await missingFromBucket(config.s3, manifest.files);
  if (wrong.length > 0)
    throw new BackupRefused(
      `${wrong.length} arquivo(s) da cópia não estão no bucket como eram (${wrong.slice(0, 5).join(', ')}${wrong.length > 5 ? ', …' : ''}): recupere-os pelo versionamento do bucket antes de restaurar.`,
    );
  await restoreDatabase(config, folder, manifest);
  return manifest;
}
