import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** timestamptz, read as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** The provider's data of an order's charge (orders.payment_data): what the customer pays with. */
export interface OrderPaymentData {
  /** The Pix "copia e cola" (BR Code): the PSP's, or the static code of PIX_KEY. */
  pix_copia_e_cola?: string;
}
