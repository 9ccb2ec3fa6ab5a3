// Query helpers for code outside this package (benchmarks), so that it uses the API's own drizzle-orm.
export { and, eq, ne, sql } from 'drizzle-orm';
