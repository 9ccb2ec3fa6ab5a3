import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { UserType } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { audit } from './audit.ts';

export interface AccountInput {
  email: string;
  password: string;
  nome_completo: string;
  tipo_usuario: UserType;
}

/**
 * Creates a confirmed account, or updates the role and password of an existing one (used by
 * `npm run admin:create` and the development seed; sign-up goes through services/auth/sessions.ts).
 */
export async function upsertConfirmedAccount(db: Db, input: AccountInput) {
  const email = input.email.trim().toLowerCase();
  const password_hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        email,
        nome_completo: input.nome_completo,
        tipo_usuario: input.tipo_usuario,
        password_hash,
        email_confirmed_at: new Date(),
      })
      .onConflictDoUpdate({
        target: profiles.email,
        set: { tipo_usuario: input.tipo_usuario, password_hash, blocked_at: null },
      })
      .returning();
    await audit(tx, {
      action: 'conta.criada_pela_linha_de_comando',
      entity: 'profile',
      entityId: email,
      after: { tipo_usuario: input.tipo_usuario },
    });
    return row!;
  });
}

export function randomPassword(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Development convenience: on an empty embedded database, one account per role with random passwords,
 * printed once by the caller (never a fixed default password).
 */
export async function seedDemoAccounts(db: Db, adminEmails: readonly string[]) {
  const [existing] = await db.select({ n: count() }).from(profiles);
  if ((existing?.n ?? 0) > 0) return [];
  const accounts: AccountInput[] = [
    {
      email: 'cliente@urbana.com.br',
      nome_completo: 'Cliente Demonstração',
      tipo_usuario: 'cliente',
      password: randomPassword(),
    },
    {
      email: 'operador@urbana.com.br',
      nome_completo: 'Operador Demonstração',
      tipo_usuario: 'operador',
      password: randomPassword(),
    },
    {
      email: adminEmails[0] ?? 'admin@urbana.com.br',
      nome_completo: 'Admin Demonstração',
      tipo_usuario: 'admin',
      password: randomPassword(),
    },
  ];
  for (const account of accounts) await upsertConfirmedAccount(db, account);
  return accounts;
}

export async function findByEmail(db: Db, email: string) {
  return db.query.profiles.findFirst({ where: eq(profiles.email, email.trim().toLowerCase()) });
}
