import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitationMessages, paths, TERMS_VERSION, type Invitation } from '@urbana/shared';
import { profiles, staffInvitations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { accountEmails } from '../account/account-emails.ts';
import { audit } from '../audit.ts';
import type { AuthDeps, ProfileRow } from '../auth/index.ts';

type Row = typeof staffInvitations.$inferSelect;

function statusOf(row: Row): Invitation['status'] {
  if (row.accepted_at) return 'aceito';
  if (row.revoked_at) return 'revogado';
  return row.expires_at.getTime() <= Date.now() ? 'expirado' : 'pendente';
}

/** An admin invites a person to be operador or admin (admin only for ADMIN_EMAILS); issue #24 item 4. */
export async function inviteStaff(
  deps: AuthDeps,
  admin: ProfileRow,
  input: { email: string; nome_completo: string; role: 'admin' | 'operador' },
  ip: string,
) {
  if (input.role === 'admin' && !deps.config.adminEmails.includes(input.email))
    throw new AppError(400, invitationMessages.adminNotAllowed);
  const existing = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  if (existing)
    throw new AppError(
      409,
      existing.tipo_usuario === 'cliente'
        ? invitationMessages.alreadyCustomer
        : invitationMessages.alreadyStaff,
    );
  const token = newToken();
  const days = Math.round(deps.config.invitationMs / 86400_000);
  const row = await deps.db.transaction(async (tx) => {
    // A new invitation replaces the pending one for the same address (the admin is told).
    const replaced = await tx
      .update(staffInvitations)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(staffInvitations.email, input.email),
          isNull(staffInvitations.accepted_at),
          isNull(staffInvitations.revoked_at),
        ),
      )
      .returning({ id: staffInvitations.id });
    const [created] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        nome_completo: input.nome_completo,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: admin.id,
        expires_at: new Date(Date.now() + deps.config.invitationMs),
      })
      .returning();
    await deps.outbox.enqueue(tx, {
      to: input.email,
      ...accountEmails.invitation({
        name: input.nome_completo,
        role: input.role,
        inviter: admin.nome_completo,
        url: `${deps.config.publicUrl}${paths.aceitarConvite}?token=${token}`,
        days,
      }),
    });
    await audit(tx, {
      actorId: admin.id,
      action: 'convite.enviado',
      entity: 'convite',
      entityId: created!.id,
      ip,
      after: {
        email: input.email,
        papel: input.role,
        ...(replaced.length ? { substitui_convite: true } : {}),
      },
    });
    return { ...created!, replaced: replaced.length > 0 };
  });
  void deps.outbox.kick();
  return row;
}

export async function listInvitations(deps: Pick<AuthDeps, 'db'>): Promise<Invitation[]> {
  const rows = await deps.db
    .select({ inv: staffInvitations, by: profiles.nome_completo })
    .from(staffInvitations)
    .leftJoin(profiles, eq(profiles.id, staffInvitations.invited_by))
    .orderBy(desc(staffInvitations.created_at))
    .limit(100);
  return rows.map(({ inv, by }) => ({
    id: inv.id,
    email: inv.email,
    nome_completo: inv.nome_completo,
    role: inv.role,
    status: statusOf(inv),
    invited_by: by,
    expires_at: inv.expires_at.toISOString(),
    created_at: inv.created_at.toISOString(),
  }));
}

export async function revokeInvitation(deps: Pick<AuthDeps, 'db'>, adminId: string, id: string, ip: string) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.accepted_at),
          isNull(staffInvitations.revoked_at),
        ),
      )
      .returning();
    if (!row) throw new AppError(409, invitationMessages.invalid);
    await audit(tx, { actorId: adminId, action: 'convite.revogado', entity: 'convite', entityId: id, ip });
  });
}

function live(token: string) {
  return and(
    eq(staffInvitations.token_hash, hashToken(token)),
    isNull(staffInvitations.accepted_at),
    isNull(staffInvitations.revoked_at),
    gt(staffInvitations.expires_at, new Date()),
  );
}

export async function previewInvitation(deps: Pick<AuthDeps, 'db'>, token: string) {
  const row = await deps.db.query.staffInvitations.findFirst({ where: live(token) });
  if (!row) throw new AppError(400, invitationMessages.invalid);
  return { email: row.email, nome_completo: row.nome_completo, role: row.role };
}

/** The link sets the password: the account is created confirmed, with the invited role. Single use. */
export async function acceptInvitation(
  deps: AuthDeps,
  input: { token: string; nome_completo: string; password: string },
  ip: string,
) {
  if (isCommonPassword(input.password)) throw new AppError(400, 'Esta senha é muito comum. Escolha outra.');
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const [inv] = await tx
      .update(staffInvitations)
      .set({ accepted_at: new Date() })
      .where(live(input.token))
      .returning();
    if (!inv) throw new AppError(400, invitationMessages.invalid);
    // The allow-list may have changed since the invitation was sent.
    if (inv.role === 'admin' && !deps.config.adminEmails.includes(inv.email))
      throw new AppError(400, invitationMessages.adminNotAllowed);
    const [user] = await tx
      .insert(profiles)
      .values({
        email: inv.email,
        nome_completo: input.nome_completo,
        tipo_usuario: inv.role,
        password_hash: passwordHash,
        email_confirmed_at: new Date(),
        terms_version: TERMS_VERSION,
        terms_accepted_at: new Date(),
      })
      .onConflictDoNothing({ target: profiles.email })
      .returning();
    if (!user) throw new AppError(409, invitationMessages.alreadyStaff);
    await audit(tx, {
      actorId: user.id,
      action: 'conta.criada_por_convite',
      entity: 'convite',
      entityId: inv.id,
      ip,
      after: { papel: inv.role },
    });
    return user;
  });
}
