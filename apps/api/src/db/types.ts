import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.ts';

/**
 * One query interface for both drivers. PGlite's drizzle instance has the same query API as
 * node-postgres's, so the services are written once against this type.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
