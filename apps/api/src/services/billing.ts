import { eq } from 'drizzle-orm';
import type { BillingProfile } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { billingProfiles } from '../db/schema/index.ts';

export async function readBilling(db: Db, userId: string) {
  return (await db.query.billingProfiles.findFirst({ where: eq(billingProfiles.user_id, userId) })) ?? null;
}

export async function saveBilling(db: Db, userId: string, input: BillingProfile) {
  const values = { ...input, complement: input.complement ?? null, updated_at: new Date() };
  const [row] = await db
    .insert(billingProfiles)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.user_id, set: values })
    .returning();
  return row!;
}
