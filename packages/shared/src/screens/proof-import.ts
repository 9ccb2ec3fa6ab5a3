import { z } from 'zod';

/**
 * A signage system's proof-of-play export (issue #43 item 3, decision 106), uploaded by staff for one
 * screen instead of the web player's reports: a CSV with a header naming, in any order, the screen, the
 * creative, the start, the end, the duration (seconds) and the count of plays of each row.
 */
export const PROOF_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_IMPORT_MAX_ROWS = 20_000;
export const PROOF_IMPORT_MAX_COUNT = 10_000;
export const PROOF_IMPORT_MAX_PLAYS = 200_000;
/** At most this many bad lines are named in the answer (the rest are counted). */
export const PROOF_IMPORT_LINES_SHOWN = 10;

/** The header names read for each column (compared without accents, case or spaces). */
export const proofImportColumns = {
  screen: ['tela', 'screen', 'display', 'player', 'displayname', 'tela/display'],
  creative: ['criativo', 'creative', 'media', 'midia', 'arquivo', 'file', 'layout', 'content', 'conteudo'],
  start: ['inicio', 'start', 'started', 'startdate', 'starttime', 'fromdate', 'from', 'de'],
  end: ['fim', 'end', 'ended', 'enddate', 'endtime', 'todate', 'to', 'ate'],
  duration: ['duracao', 'duration', 'durationseconds', 'duracaos', 'segundos', 'seconds'],
  count: ['contagem', 'count', 'plays', 'numberofplays', 'exibicoes', 'quantidade', 'vezes'],
} as const;
export type ProofImportColumn = keyof typeof proofImportColumns;

export const proofImportColumnLabels: Record<ProofImportColumn, string> = {
  screen: 'tela',
  creative: 'criativo',
  start: 'início',
  end: 'fim',
  duration: 'duração',
  count: 'contagem',
};

export const proofImportMessages = {
  empty: 'O arquivo está vazio: envie o CSV exportado pelo sistema de sinalização.',
  tooBig: 'O arquivo passa de 5 MB: exporte um período menor.',
  notText: 'O arquivo não é um CSV em texto (UTF-8).',
  missingColumns: (names: string[]) =>
    `Faltam colunas no cabeçalho: ${names.join(', ')}. O CSV precisa de tela, criativo, início, fim, duração e contagem.`,
  noRows: 'O arquivo só tem o cabeçalho: nenhuma exibição para importar.',
  tooManyRows: `O arquivo passa de ${PROOF_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas: exporte um período menor.`,
  tooManyPlays: `O arquivo soma mais de ${PROOF_IMPORT_MAX_PLAYS.toLocaleString('pt-BR')} exibições: exporte um período menor.`,
  badLines: (count: number, lines: string[]) =>
    `${count === 1 ? '1 linha tem problema' : `${count} linhas têm problema`}; nada foi importado. ${lines.join(' ')}${
      count > lines.length ? ` (e mais ${count - lines.length})` : ''
    }`,
  line: (n: number, what: string) => `Linha ${n}: ${what}.`,
  columns: (found: number, expected: number) => `tem ${found} colunas, o cabeçalho tem ${expected}`,
  emptyCell: (label: string) => `${label} em branco`,
  badDate: (label: string, value: string) =>
    `${label} "${value}" não é uma data e hora (use AAAA-MM-DD HH:MM:SS ou DD/MM/AAAA HH:MM:SS)`,
  endBeforeStart: 'o fim é anterior ao início',
  future: 'a exibição termina no futuro',
  badDuration: (value: string) => `duração "${value}" não é um número de segundos (0 a 86400)`,
  badCount: (value: string) => `contagem "${value}" não é um número inteiro de 1 a ${PROOF_IMPORT_MAX_COUNT}`,
  otherScreen: (value: string, first: string) =>
    `a tela "${value}" não é a mesma das linhas anteriores ("${first}"): envie um arquivo por tela`,
  unknownCreative: (value: string) =>
    `o criativo "${value}" não é de nenhuma reserva desta face nem dos criativos da casa`,
  ambiguousCreative: (value: string) =>
    `o criativo "${value}" está em mais de uma reserva desta face nesse horário: use o id do arquivo`,
} as const;

/** The answer to an import: the rows read, the plays they hold, how many were new. */
export const proofOfPlayImportSchema = z.object({
  rows: z.number().int(),
  plays: z.number().int(),
  recorded: z.number().int(),
  duplicates: z.number().int(),
});
export type ProofOfPlayImport = z.infer<typeof proofOfPlayImportSchema>;
