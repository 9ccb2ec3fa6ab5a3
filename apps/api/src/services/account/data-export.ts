import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { accountSettingsMessages, paths } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dataExports, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import type { Outbox } from '../messaging/outbox.ts';
import type { Storage } from '../storage.ts';
import { accountEmails } from './account-emails.ts';
import { buildExportZip } from './build-export.ts';

export interface ExportDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  storage: Storage;
}

const LEASE_SECONDS = 300;

export function exportKey(userId: string, exportId: string): string {
  return `exportacoes/${userId}/${exportId}.zip`;
}

/** "Baixar meus dados": one request at a time; the worker prepares the ZIP. */
export async function requestExport(
  deps: ExportDeps,
  userId: string,
  ctx: { actorId: string; ip: string },
): Promise<string> {
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
  if (!user || user.deleted_at) throw new AppError(404, accountSettingsMessages.userNotFound);
  const pending = await deps.db.query.dataExports.findFirst({
    where: and(eq(dataExports.user_id, userId), eq(dataExports.status, 'pendente')),
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
 * build the same file twice): builds each pending ZIP, stores it, and tells the person by e-mail.
 * Also removes files whose link expired. Returns how many exports it finished.
 */
export async function processDataExports(deps: ExportDeps): Promise<number> {
  await sweepExpired(deps);
  let done = 0;
  for (;;) {
    const claimed = await deps.db.execute<{ id: string; user_id: string }>(sql`
      update data_exports set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = (
        select id from data_exports
        where status = 'pendente' and (locked_until is null or locked_until < now())
        order by created_at limit 1 for update skip locked)
      returning id, user_id`);
    const job = claimed.rows[0];
    if (!job) return done;
    try {
      const zip = await buildExportZip(deps.db, deps.storage, job.user_id);
      const key = exportKey(job.user_id, job.id);
      await deps.storage.put(key, zip, 'application/zip');
      await deps.db.transaction(async (tx) => {
        await tx
          .update(dataExports)
          .set({
            status: 'pronto',
            storage_key: key,
            size_bytes: zip.length,
            ready_at: new Date(),
            expires_at: new Date(Date.now() + deps.config.dataExportMs),
            locked_until: null,
          })
          .where(eq(dataExports.id, job.id));
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
      });
      void deps.outbox.kick();
      done += 1;
    } catch (error) {
      await deps.db
        .update(dataExports)
        .set({ status: 'falhou', locked_until: null })
        .where(eq(dataExports.id, job.id));
      throw error;
    }
  }
}

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
      status: r.status,
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
