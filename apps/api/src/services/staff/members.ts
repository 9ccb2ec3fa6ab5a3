import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { StaffMember } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/**
 * Who can use the panel (issue #40 item 8): every operador and admin account not deleted, admins first,
 * with whether two-factor sign-in is on and the last sign-in. An admin off `adminEmails` is listed as
 * such: the panel refuses it (requireSection), so it is not "ativo" whatever the account says.
 */
export async function listStaff(deps: { db: Db; config: { adminEmails: string[] } }): Promise<StaffMember[]> {
  const rows = await deps.db
    .select({
      id: profiles.id,
      email: profiles.email,
      nome_completo: profiles.nome_completo,
      role: profiles.tipo_usuario,
      blocked_at: profiles.blocked_at,
      totp_enabled_at: profiles.totp_enabled_at,
      last_sign_in_at: profiles.last_sign_in_at,
    })
    .from(profiles)
    .where(and(inArray(profiles.tipo_usuario, ['admin', 'operador']), isNull(profiles.deleted_at)))
    .orderBy(asc(profiles.tipo_usuario), asc(profiles.nome_completo), asc(profiles.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    nome_completo: r.nome_completo,
    role: r.role === 'admin' ? 'admin' : 'operador',
    status: r.blocked_at
      ? 'bloqueado'
      : r.role === 'admin' && !deps.config.adminEmails.includes(r.email)
        ? 'fora_da_lista'
        : 'ativo',
    two_factor: r.totp_enabled_at !== null,
    last_sign_in_at: r.last_sign_in_at ? r.last_sign_in_at.toISOString() : null,
  }));
}
