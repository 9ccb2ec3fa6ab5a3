// The one way to read a PostgreSQL error (docs/decisions/038-api-layout.md). Both drivers (PGlite and
// node-postgres) give the SQLSTATE as `code`; Drizzle may wrap the driver's error once or twice in
// `cause`, so each helper walks a few causes down.

/** The SQLSTATEs the services act on. */
export const pgErrors = {
  /** unique_violation: a unique key (an idempotency key, a slug) is taken. */
  uniqueViolation: '23505',
  /** exclusion_violation: a slot is already booked (the reservations' exclusion constraint). */
  exclusionViolation: '23P01',
  /** foreign_key_violation: a row other rows still point at. */
  foreignKeyViolation: '23503',
  /** restrict_violation: ON DELETE RESTRICT refused. */
  restrictViolation: '23001',
  /** A refusal raised by a database function (`place_order`: no slot, order limits). */
  refusal: 'U0001',
} as const;

/** The error object in the chain that carries the driver's fields for this SQLSTATE. */
export interface PgErrorFields {
  code: string;
  message?: string;
  detail?: string;
  constraint?: string;
}

function causes(error: unknown): object[] {
  const found: object[] = [];
  let cur: unknown = error;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    found.push(cur);
    cur = (cur as { cause?: unknown }).cause;
  }
  return found;
}

/** The SQLSTATE of a PostgreSQL error (possibly wrapped), or undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The PostgreSQL error with this SQLSTATE inside a (possibly wrapped) error, with its message and detail. */
export function findPgError(error: unknown, code: string): PgErrorFields | undefined {
  return causes(error).find((e) => (e as { code?: unknown }).code === code) as PgErrorFields | undefined;
}

/** True when a PostgreSQL error (possibly wrapped by the driver) has this SQLSTATE. */
export function isPgError(error: unknown, code: string): boolean {
  return findPgError(error, code) !== undefined;
}

/** The name of the constraint a PostgreSQL error broke, when the driver says. */
export function pgConstraint(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
  }
  return undefined;
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** The database cannot be reached (the error handler answers 503): a lost connection, a shutdown. */
export function isDatabaseDown(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) return true;
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(e.message)
  ) {
    return true;
  }
  return e.cause ? isDatabaseDown(e.cause) : false;
}
