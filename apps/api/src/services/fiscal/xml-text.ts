/**
 * Text as the NFS-e schemas accept it. Most text fields of the national layout are `TSString`, whose
 * pattern only admits characters from U+0020 to U+00FF without blanks at either end (the Sefin refuses
 * the rest), so names and addresses typed by customers are folded to that range before they are
 * written; and every value is escaped, since it comes from people.
 */

/** Punctuation that word processors and phones put in names, and its Latin-1 equivalent. */
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
};

// Characters XML 1.0 forbids outright; a pasted control character would make the document unreadable.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** One character folded into Latin-1: its look-alike, its base letter without accents beyond it, or nothing. */
function toLatin1(char: string): string {
  if (char.charCodeAt(0) <= 0xff) return char;
  const lookalike = LOOKALIKES[char];
  if (lookalike !== undefined) return lookalike;
  return [...char.normalize('NFKD')].filter((c) => c.charCodeAt(0) <= 0xff).join('');
}

/**
 * A `TSString` value: Latin-1 only, whitespace collapsed (a line break is not allowed either), no
 * blanks at the ends, at most `max` characters.
 */
export function schemaString(value: string, max: number): string {
  const folded = [...value.normalize('NFC')].map(toLatin1).join('');
  return folded.replace(XML_FORBIDDEN, '').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** A free text that may keep its line breaks (`TSStringComQuebraDeLinha`), at most `max` characters. */
export function schemaText(value: string, max: number): string {
  return value
    .normalize('NFC')
    .replace(XML_FORBIDDEN, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Escapes a value for an element's text or an attribute in double quotes. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** `<name>value</name>` with the value escaped; nothing when the value is absent or empty. */
export function el(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** `<name>…children…</name>`; nothing when no child was written (an optional group left out). */
export function group(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}

/** Integer centavos as the schemas' decimal with two places (`TSDec15V2`): 123456 → "1234.56". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`valor inválido em centavos: ${cents}`);
  const units = Math.floor(cents / 100);
  return `${units}.${String(cents % 100).padStart(2, '0')}`;
}

/** Hundredths of a percent (500 = 5 %) as the schemas' percentage with two places: "5.00". */
export function basisPointsToPercent(basisPoints: number): string {
  return centsToDecimal(basisPoints);
}
