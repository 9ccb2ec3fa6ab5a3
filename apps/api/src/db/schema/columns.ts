import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** timestamptz, read as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
