/**
 * Reads a signage system's proof-of-play export (issue #43 item 3, decision 106): a CSV (comma,
 * semicolon or tab, quotes as RFC 4180, an optional BOM) whose header names the screen, creative,
 * start, end, duration and count columns in any order. Each bad line is named with its number (the
 * file's own, header = 1) and what is wrong, in Portuguese; nothing is read past the limits.
 */
import {
  PROOF_IMPORT_MAX_COUNT,
  PROOF_IMPORT_MAX_ROWS,
  proofImportColumnLabels,
  proofImportColumns,
  proofImportMessages as msg,
  type ProofImportColumn,
} from '@urbana/shared';

export interface ProofRow {
  line: number;
  screen: string;
  creative: string;
  start: Date;
  end: Date;
  /** Seconds of all the row's plays together (as Xibo exports an aggregated row). */
  durationSeconds: number;
  count: number;
}

/** The rows read well, and each bad line; or why the whole file cannot be read. */
export type ParsedProof =
  { ok: true; rows: ProofRow[]; problems: LineProblem[] } | { ok: false; message: string };

/** A bad line: its number in the file and the sentence that says what is wrong. */
export interface LineProblem {
  line: number;
  text: string;
}

/** Splits CSV text into records, each with the line it starts on. */
export function csvRecords(text: string, delimiter: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const push = () => {
    cells.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) push();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      push();
      if (cells.some((v) => v.trim() !== '')) records.push({ line: startLine, cells });
      cells = [];
      line++;
      startLine = line;
    } else cell += c;
  }
  push();
  if (cells.some((v) => v.trim() !== '')) records.push({ line: startLine, cells });
  return records;
}

const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function delimiterOf(header: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Where each needed column is in the header, or the names of those missing. */
function columnsOf(header: string[]): Record<ProofImportColumn, number> | string[] {
  const names = header.map(normal);
  const found = {} as Record<ProofImportColumn, number>;
  const missing: string[] = [];
  for (const key of Object.keys(proofImportColumns) as ProofImportColumn[]) {
    const aliases: readonly string[] = proofImportColumns[key].map(normal);
    const at = names.findIndex((n) => aliases.includes(n));
    if (at < 0) missing.push(proofImportColumnLabels[key]);
    else found[key] = at;
  }
  return missing.length > 0 ? missing : found;
}

const BRASILIA_OFFSET = '-03:00';

/**
 * A date and time: ISO 8601 with its offset, or without one (and "DD/MM/AAAA HH:MM[:SS]") read in
 * Brasília's time (UTC−3 all year since 2019).
 */
export function parseWhen(value: string): Date | null {
  const v = value.trim();
  let iso: string | null = null;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/.exec(v);
  if (br) iso = `${br[3]}-${br[2]}-${br[1]}T${br[4]}:${br[5]}:${br[6] ?? '00'}${BRASILIA_OFFSET}`;
  else if (local)
    iso = `${local[1]}-${local[2]}-${local[3]}T${local[4]}:${local[5]}:${local[6] ?? '00'}${local[7] ?? ''}${BRASILIA_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) iso = v;
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  // 31/02 rolls over in Date: the day read back must be the day written.
  const day = iso.slice(0, 10);
  const back = new Date(at.getTime() + (iso.endsWith(BRASILIA_OFFSET) ? -3 * 3600_000 : 0));
  if (iso.endsWith(BRASILIA_OFFSET) && back.toISOString().slice(0, 10) !== day) return null;
  return at;
}

const number = (v: string) => (/^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN);

function readRow(
  record: { line: number; cells: string[] },
  at: Record<ProofImportColumn, number>,
  width: number,
): ProofRow | LineProblem {
  const { line, cells } = record;
  if (cells.length !== width) return { line, text: msg.line(line, msg.columns(cells.length, width)) };
  const cell = (k: ProofImportColumn) => (cells[at[k]] ?? '').trim();
  for (const k of Object.keys(at) as ProofImportColumn[])
    if (cell(k) === '') return { line, text: msg.line(line, msg.emptyCell(proofImportColumnLabels[k])) };
  const start = parseWhen(cell('start'));
  if (!start) return { line, text: msg.line(line, msg.badDate('início', cell('start'))) };
  const end = parseWhen(cell('end'));
  if (!end) return { line, text: msg.line(line, msg.badDate('fim', cell('end'))) };
  if (end < start) return { line, text: msg.line(line, msg.endBeforeStart) };
  const durationSeconds = number(cell('duration'));
  if (!(durationSeconds >= 0 && durationSeconds <= 86_400))
    return { line, text: msg.line(line, msg.badDuration(cell('duration'))) };
  const count = number(cell('count'));
  if (!Number.isInteger(count) || count < 1 || count > PROOF_IMPORT_MAX_COUNT)
    return { line, text: msg.line(line, msg.badCount(cell('count'))) };
  return { line, screen: cell('screen'), creative: cell('creative'), start, end, durationSeconds, count };
}

/** The rows of the file, or why it cannot be read (the whole file, or each bad line). */
export function parseProofCsv(text: string): ParsedProof {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, message: msg.empty };
  const firstLine = body.split(/\r?\n/, 1)[0]!;
  const records = csvRecords(body, delimiterOf(firstLine));
  const [header, ...rest] = records;
  const at = columnsOf(header!.cells);
  if (Array.isArray(at)) return { ok: false, message: msg.missingColumns(at) };
  if (rest.length === 0) return { ok: false, message: msg.noRows };
  if (rest.length > PROOF_IMPORT_MAX_ROWS) return { ok: false, message: msg.tooManyRows };
  const rows: ProofRow[] = [];
  const problems: LineProblem[] = [];
  for (const record of rest) {
    const row = readRow(record, at, header!.cells.length);
    if ('text' in row) problems.push(row);
    else rows.push(row);
  }
  const first = rows[0]?.screen;
  for (const row of rows)
    if (first !== undefined && normal(row.screen) !== normal(first))
      problems.push({ line: row.line, text: msg.line(row.line, msg.otherScreen(row.screen, first)) });
  return { ok: true, rows: rows.filter((r) => !problems.some((p) => p.line === r.line)), problems };
}
