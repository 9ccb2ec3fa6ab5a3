import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldText } from '@urbana/shared';

/**
 * The one search of the admin lists (issue #17 item 4, decision 025): accent- and case-insensitive,
 * word by word. Every word of the query must appear in at least one of the columns, in any order, so
 * "Conceicao" finds "Conceição" and "Monte Verde Noroeste" finds "Condomínio Monte Verde — Noroeste".
 *
 * PGlite has no `unaccent`, so the column side is folded with `translate()` (the same on PGlite and
 * the PostgreSQL server, and independent of the database's locale: upper-case accented letters map
 * straight to lower-case plain ones, as `lower()` under the C locale only knows ASCII). The query side
 * is folded in JavaScript with the shared `foldText`.
 */
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = [...ACCENTED].map((c) => foldText(c)).join('');

/** A column (or expression) folded the way `foldText` folds the query. */
export function foldedSql(column: AnyColumn | SQL): SQL {
  return sql`lower(translate(coalesce(${column}::text, ''), ${ACCENTED}, ${PLAIN}))`;
}

/**
 * The query's words, folded; punctuation-only words ("—", "%") are dropped, while a word with a
 * letter, a digit or a symbol (an emoji in a name) is kept. At most 8 words.
 */
export function searchWords(query: string | null | undefined): string[] {
  return foldText(query ?? '')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}\p{S}]/u.test(w))
    .slice(0, 8);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE condition for a search over these columns: undefined when nothing was typed, and a match
 * of nothing when only punctuation was ("%" or "_" listed everyone).
 */
export function textSearch(
  query: string | null | undefined,
  columns: Array<AnyColumn | SQL>,
): SQL | undefined {
  const words = searchWords(query);
  if (words.length === 0) return query?.trim() ? sql`false` : undefined;
  const folded = columns.map(foldedSql);
  const perWord = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return sql`(${sql.join(
      folded.map((f) => sql`${f} like ${pattern}`),
      sql` or `,
    )})`;
  });
  return sql`(${sql.join(perWord, sql` and `)})`;
}
