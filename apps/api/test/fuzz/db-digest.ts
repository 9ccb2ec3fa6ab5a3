import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * What a refused request may legitimately write, and so what the digest leaves out:
 *
 * - `audit_log` rows of failed sign-ins (`login.falha`, `login.limitado`, `login.bloqueado`) and of
 *   wrong codes or current passwords (`dois_fatores.falha`, `conta.senha_atual_errada`): the audit
 *   trail of an attack is the point of a refused guess, and the per-account limit counts these rows.
 * - the session "touch": a request with a valid session cookie moves `sessions.last_seen_at` and the
 *   owner's `profiles.updated_at` (at most once a minute), whatever the answer. These two columns are
 *   kept apart in the `session_touch` part, which only a request that carried a session may change.
 *
 * Everything else in every table of the `public` schema is part of the digest.
 */
export const REFUSED_SIGN_IN_ACTIONS = [
  'login.falha',
  'login.limitado',
  'login.bloqueado',
  'dois_fatores.falha',
  'conta.senha_atual_errada',
] as const;
export const SESSION_TOUCH = 'session_touch';

const rowExpressions: Record<string, { row: string; where?: string }> = {
  sessions: { row: `(to_jsonb(x) - 'last_seen_at')::text` },
  profiles: { row: `(to_jsonb(x) - 'updated_at')::text` },
  audit_log: {
    row: 'x::text',
    where: `x.action not in (${REFUSED_SIGN_IN_ACTIONS.map((a) => `'${a}'`).join(', ')})`,
  },
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type Digest = Record<string, string>;

export class DbDigest {
  private digestSql: string | undefined;
  tables: string[] = [];

  constructor(private readonly db: Db) {}

  private async rows<T>(text: string): Promise<T[]> {
    const result = await this.db.execute(sql.raw(text));
    return result.rows as T[];
  }

  /** Lists the application tables (every ordinary table of the `public` schema). */
  async init(): Promise<void> {
    const tables = await this.rows<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    this.tables = tables.map((t) => t.name);
    const parts = this.tables.map((table) => {
      const spec = rowExpressions[table] ?? { row: 'x::text' };
      return `select '${table}' as t, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as h
        from (select ${spec.row} as r from ${quoteIdent(table)} x ${spec.where ? `where ${spec.where}` : ''}) s`;
    });
    parts.push(`select '${SESSION_TOUCH}' as t, md5(coalesce(
        (select string_agg(id::text || ' ' || last_seen_at::text, ',' order by id) from sessions), '') || '|' ||
        coalesce((select string_agg(id::text || ' ' || updated_at::text, ',' order by id) from profiles), '')) as h`);
    this.digestSql = parts.join('\nunion all\n');
  }

  /**
   * The next transaction id not yet handed out. Every committed change needs a transaction id, so while
   * this stays put nothing was written, and the (slower) digest need not be taken.
   */
  async xmax(): Promise<string> {
    const [row] = await this.rows<{ x: string }>(`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
    return row!.x;
  }

  /** md5 of every row of every table (sorted), per table. */
  async digest(): Promise<Digest> {
    if (!this.digestSql) await this.init();
    const rows = await this.rows<{ t: string; h: string }>(this.digestSql!);
    return Object.fromEntries(rows.map((r) => [r.t, r.h]));
  }

  /** Tables whose digest differs. */
  static changed(before: Digest, after: Digest): string[] {
    const names = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...names].filter((name) => before[name] !== after[name]).sort();
  }
}
