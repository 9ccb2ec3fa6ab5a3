import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, profiles } from '../db/schema/index.ts';

export async function overview(db: Db) {
  const byType = await db
    .select({ tipo: profiles.tipo_usuario, n: count() })
    .from(profiles)
    .groupBy(profiles.tipo_usuario);
  const [activeProducts] = await db.select({ n: count() }).from(products).where(eq(products.status, 'ativo'));
  const users = { cliente: 0, operador: 0, admin: 0 };
  for (const row of byType) users[row.tipo] = row.n;
  return { users, active_products: activeProducts?.n ?? 0 };
}

export async function listUsers(db: Db, input: { q?: string | undefined; page: number; pageSize: number }) {
  const term = input.q?.trim();
  const where = term
    ? or(
        ilike(profiles.email, `%${escapeLike(term)}%`),
        ilike(profiles.nome_completo, `%${escapeLike(term)}%`),
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      nome_completo: profiles.nome_completo,
      tipo_usuario: profiles.tipo_usuario,
      email_confirmed: sql<boolean>`${profiles.email_confirmed_at} is not null`,
      blocked: sql<boolean>`${profiles.blocked_at} is not null`,
      created_at: profiles.created_at,
      updated_at: profiles.updated_at,
    })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.created_at), profiles.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { total: total?.n ?? 0, rows };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
