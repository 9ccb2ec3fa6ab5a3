import { inflateSync } from 'node:zlib';

/**
 * Reads a PDF the way a viewer does, enough for tests: checks the header, cross-reference trailer and
 * end marker, counts the pages, inflates every content stream (FlateDecode) and decodes the text
 * drawn with Tj/TJ (the standard fonts' WinAnsi bytes, read as Latin-1). Throws on a file that is
 * not a complete PDF.
 */
export function readPdf(data: Buffer): { pages: number; text: string } {
  const raw = data.toString('latin1');
  if (!raw.startsWith('%PDF-1.')) throw new Error('não é um PDF (cabeçalho ausente)');
  if (!/startxref\s+\d+\s+%%EOF\s*$/.test(raw)) throw new Error('PDF incompleto (sem startxref/%%EOF)');
  const xrefAt = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)![1]);
  if (!raw.startsWith('xref', xrefAt)) throw new Error('PDF com tabela de referências inválida');
  const pages = [...raw.matchAll(/\/Type\s*\/Page\b(?!s)/g)].length;
  if (pages === 0) throw new Error('PDF sem páginas');

  const decodeLiteral = (s: string) =>
    s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
      /^[0-7]/.test(c)
        ? String.fromCharCode(parseInt(c, 8))
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c),
    );
  // WinAnsi differs from Latin-1 only in 0x80–0x9f (dashes, quotes, €…).
  const winAnsi: Record<string, string> = {
    '\x80': '€',
    '\x91': '‘',
    '\x92': '’',
    '\x93': '“',
    '\x94': '”',
    '\x95': '•',
    '\x96': '–',
    '\x97': '—',
  };
  const decodeHex = (hex: string) => {
    const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
    return bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => winAnsi[c] ?? c);
  };
  const textOf = (operand: string) =>
    [...operand.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)]
      .map((m) => (m[1] !== undefined ? decodeHex(m[1]) : decodeLiteral(m[2]!)))
      .join('');

  const lines: string[] = [];
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) throw new Error('PDF com stream sem fim');
    let content = raw.slice(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        content = inflateSync(data.subarray(start, end)).toString('latin1');
      } catch {
        continue; // a font or image stream, not page content
      }
    }
    for (const op of content.matchAll(
      /(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
    )) {
      lines.push(textOf(op[1] ?? op[2]!));
    }
  }
  return { pages, text: lines.join('\n') };
}
