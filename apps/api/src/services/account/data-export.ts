import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { accountSettingsMessages, paths } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dataExports, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import type { Outbox } from '../messaging/outbox.ts';
import type { Storage } from '../storage.ts';
import { accountEmails } from './account-emails.ts';
import { writeExportZip } from './build-export.ts';

export interface ExportDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  storage: Storage;
}

/**
 * A worker holds an export for this long and renews it while it builds, so an instance that died
 * mid-build (a restart, a crash) lets another take the job within a minute or so (issue #39 item 6).
 */
const LEASE_SECONDS = 60;
/** Builds tried before the export is marked as failed (the customer is then asked to request again). */
const MAX_ATTEMPTS = 3;
/** A build that failed is tried again after this, not in a tight loop on a broken file. */
const RETRY_SECONDS = 60;

export function exportKey(userId: string, exportId: string, attempt: number): string {
  // One file per attempt: a worker that lost its claim removes its own file, never the next one's.
  return `exportacoes/${userId}/${exportId}-${attempt}.zip`;
}

type Job = {
  id: string;
  user_id: string;
  attempts: number;
};

/** "Baixar meus dados": one request at a time; the worker prepares the ZIP. */
export async function requestExport(
  deps: ExportDeps,
  userId: string,
  ctx: { actorId: string; ip: string },
): Promise<string> {
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
  if (!user || user.deleted_at) throw new AppError(404, accountSettingsMessages.userNotFound);
  const pending = await deps.db.query.dataExports.findFirst({
    where: and(eq(dataExports.user_id, userId), inArray(dataExports.status, ['pendente', 'gerando'])),
  });
  if (pending) throw new AppError(409, accountSettingsMessages.exportPending);
  const byStaff = ctx.actorId !== userId;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(dataExports).values({ user_id: userId }).returning();
    await audit(tx, {
      actorId: ctx.actorId,
      action: byStaff ? 'usuario.exportacao_pedida' : 'conta.exportacao_pedida',
      entity: 'profile',
      entityId: userId,
      ip: ctx.ip,
    });
    return row!.id;
  });
}

/**
 * The background step (outbox-style: claimed with SKIP LOCKED and a lease, so several instances never
 * build the same file twice): streams each waiting ZIP to storage, and tells the person by e-mail.
 * Takes again a build whose worker died (its lease ran out); a build that fails waits a minute and is
 * tried again, up to MAX_ATTEMPTS. Also removes files whose link expired. Returns how many exports it
 * finished; rejects with the first failure once every waiting export had its turn.
 */
export async function processDataExports(
  deps: ExportDeps,
  options: { leaseSeconds?: number } = {},
): Promise<number> {
  const lease = options.leaseSeconds ?? LEASE_SECONDS;
  await sweepExpired(deps);
  let done = 0;
  let firstError: unknown;
  for (;;) {
    const job = await claimNext(deps.db, lease);
    if (!job) break;
    try {
      if (await buildOne(deps, job, lease)) done += 1;
    } catch (error) {
      await giveBack(deps, job);
      firstError ??= error;
    }
  }
  if (firstError !== undefined) throw firstError;
  return done;
}

async function claimNext(db: Db, lease: number): Promise<Job | undefined> {
  // A build whose worker died MAX_ATTEMPTS times (killed mid-build each time) is given up.
  await db.execute(sql`
    update data_exports set status = 'falhou', locked_until = null
    where status = 'gerando' and locked_until < now() and attempts >= ${MAX_ATTEMPTS}`);
  const claimed = await db.execute<Job>(sql`
    update data_exports
    set status = 'gerando', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lease})
    where id = (
      select id from data_exports
      where (status = 'pendente' and (locked_until is null or locked_until < now()))
         or (status = 'gerando' and locked_until < now())
      order by created_at limit 1 for update skip locked)
    returning id, user_id, attempts`);
  return claimed.rows[0];
}

/** Holds the claim while the ZIP is written; false when another worker took it over meanwhile. */
async function buildOne(deps: ExportDeps, job: Job, lease: number): Promise<boolean> {
  const key = exportKey(job.user_id, job.id, job.attempts);
  const lost = new AbortController();
  const renew = setInterval(
    () => {
      renewLease(deps.db, job, lease).then(
        (held) => held || lost.abort(new Error('a cópia de dados passou para outro processo')),
        // A database hiccup: the next renewal tries again, and if the lease runs out the token
        // (attempts) keeps this worker from finishing over another.
        () => undefined,
      );
    },
    (lease * 1000) / 3,
  );
  let size: number;
  try {
    size = await writeExportZip(deps.db, deps.storage, job.user_id, key, lost.signal);
  } catch (error) {
    // Taken over by another worker, or the account was deleted meanwhile: not a failure to report,
    // and the aborted write left no file.
    if (lost.signal.aborted) return false;
    throw error;
  } finally {
    clearInterval(renew);
  }
  if (await finish(deps, job, key, size)) return true;
  await deps.storage.delete(key);
  return false;
}

async function renewLease(db: Db, job: Job, lease: number): Promise<boolean> {
  const held = await db.execute(sql`
    update data_exports set locked_until = now() + make_interval(secs => ${lease})
    where id = ${job.id} and status = 'gerando' and attempts = ${job.attempts}
    returning id`);
  return held.rows.length > 0;
}

/** Marks the export ready and queues the e-mail, if the claim is still this worker's. */
async function finish(deps: ExportDeps, job: Job, key: string, size: number): Promise<boolean> {
  const finished = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({
        status: 'pronto',
        storage_key: key,
        size_bytes: size,
        ready_at: new Date(),
        expires_at: new Date(Date.now() + deps.config.dataExportMs),
        locked_until: null,
      })
      .where(ours(job))
      .returning({ id: dataExports.id });
    if (!row) return false;
    const user = await tx.query.profiles.findFirst({ where: eq(profiles.id, job.user_id) });
    if (user && !user.deleted_at)
      await deps.outbox.enqueue(tx, {
        to: user.email,
        userId: user.id,
        ...accountEmails.exportReady(
          user.nome_completo,
          `${deps.config.publicUrl}${paths.usuario.conta}`,
          Math.round(deps.config.dataExportMs / 3600_000),
        ),
      });
    return true;
  });
  if (finished) void deps.outbox.kick();
  return finished;
}

/** After a failed build: back in line a minute later, or failed for good after the last attempt. */
async function giveBack(deps: ExportDeps, job: Job) {
  const last = job.attempts >= MAX_ATTEMPTS;
  await deps.db
    .update(dataExports)
    .set({
      status: last ? 'falhou' : 'pendente',
      locked_until: last ? null : new Date(Date.now() + RETRY_SECONDS * 1000),
    })
    .where(ours(job));
}

/** The claim is still this worker's: the row is building under the same attempt (its token). */
const ours = (job: Job) =>
  and(eq(dataExports.id, job.id), eq(dataExports.status, 'gerando'), eq(dataExports.attempts, job.attempts));

async function sweepExpired(deps: ExportDeps) {
  const expired = await deps.db
    .select()
    .from(dataExports)
    .where(and(isNotNull(dataExports.storage_key), lt(dataExports.expires_at, new Date())));
  for (const row of expired) {
    await deps.storage.delete(row.storage_key!);
    await deps.db.update(dataExports).set({ storage_key: null }).where(eq(dataExports.id, row.id));
  }
}

export async function listExports(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.user_id, userId))
    .orderBy(desc(dataExports.created_at))
    .limit(5);
  const now = Date.now();
  return rows.map((r) => {
    const live = r.status === 'pronto' && r.storage_key !== null && (r.expires_at?.getTime() ?? 0) > now;
    return {
      id: r.id,
      // Being built is, for the customer, still being prepared: the page and its polling are unchanged.
      status: r.status === 'gerando' ? ('pendente' as const) : r.status,
      created_at: r.created_at.toISOString(),
      expires_at: r.expires_at?.toISOString() ?? null,
      size_bytes: r.size_bytes,
      download_url: live ? `/api/account/exports/${r.id}/download` : null,
    };
  });
}

/** The ZIP of one's own export while its link is valid. */
export async function openExport(deps: ExportDeps, userId: string, exportId: string) {
  const row = /^[0-9a-f-]{36}$/i.test(exportId)
    ? await deps.db.query.dataExports.findFirst({
        where: and(eq(dataExports.id, exportId), eq(dataExports.user_id, userId)),
      })
    : undefined;
  // Someone else's file answers exactly like one that does not exist.
  if (!row) throw new AppError(404, accountSettingsMessages.exportNotFound);
  if (row.status !== 'pronto' || !row.storage_key || (row.expires_at?.getTime() ?? 0) <= Date.now())
    throw new AppError(410, accountSettingsMessages.exportUnavailable);
  const stored = await deps.storage.get(row.storage_key);
  if (!stored) throw new AppError(410, accountSettingsMessages.exportUnavailable);
  return { stored, filename: `urbana-meus-dados-${row.created_at.toISOString().slice(0, 10)}.zip` };
}
