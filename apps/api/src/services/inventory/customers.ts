import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CustomerOption } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { textSearch } from '../../db/search.ts';
import { profiles } from '../../db/schema/index.ts';

/**
 * Customers staff can reserve for or send a proposal to (operadores too, who cannot open the user
 * list): name, company or e-mail, accent-insensitive, word by word.
 */
export async function searchCustomers(db: Db, q: string): Promise<CustomerOption[]> {
  return db
    .select({
      id: profiles.id,
      nome_completo: profiles.nome_completo,
      email: profiles.email,
      empresa: profiles.empresa,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.tipo_usuario, 'cliente'),
        isNull(profiles.blocked_at),
        textSearch(q, [profiles.nome_completo, profiles.empresa, profiles.email]),
      ),
    )
    .orderBy(asc(profiles.nome_completo), asc(profiles.email))
    .limit(20);
}
