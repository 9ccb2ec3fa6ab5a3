import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

/**
 * A deleted account's orders keep the buyer's legal name and CPF/CNPJ for the fiscal retention
 * (delete-account.ts); once it ends they go too, and the invoice names nobody (DELETED_HOLDER).
 * Returns how many orders were purged.
 */
export async function purgeExpiredFiscalData(db: Db, today: string): Promise<number> {
  const purged = await db.execute<{ id: string }>(sql`
    update ${orders} set billing = billing - 'name' - 'document' - 'retencao_fiscal_ate'
    where billing->>'anonimizado' = 'true' and (billing->>'retencao_fiscal_ate')::date <= ${today}::date
    returning id`);
  return purged.rows.length;
}
