/**
 * Text a PDF font cannot draw is dropped cleanly instead of printing as empty boxes (issue #40 item 9):
 * DejaVu Sans has accents, €, arrows and many symbols (☀ ✓), but not the colour emoji people type in
 * product names, plan names or notes (🎉 👍). Each code point the current font has no glyph for is
 * removed, with the joiners and variation selectors that belonged to it, and the space it leaves is
 * closed. The built-in Helvetica of the mídia kit draws WinAnsi only.
 */

// Zero-width joiner, variation selectors, keycap and tag characters: parts of an emoji sequence.
const emojiGlue = /\u200d|\ufe0e|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]/gu;
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

interface GlyphFont {
  hasGlyphForCodePoint?: (codePoint: number) => boolean;
}

/** `text` with only what `font` can draw (a fontkit font; none = the standard Latin-1 fonts). */
export function drawableText(text: string, font: GlyphFont | undefined): string {
  const has = font?.hasGlyphForCodePoint?.bind(font);
  const unglued = text.replace(emojiGlue, '');
  let dropped = unglued.length !== text.length;
  let out = '';
  for (const ch of unglued) {
    const code = ch.codePointAt(0)!;
    const keep = code < 0x20 || (has ? has(code) : code <= 0xff || winAnsiExtras.has(ch));
    if (keep) out += ch;
    else dropped = true;
  }
  return dropped
    ? out
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([.,;:!?)])/g, '$1')
        .trim()
    : out;
}

type TextFn = (text: unknown, ...rest: unknown[]) => unknown;

/** Makes every `text`, `widthOfString` and `heightOfString` of `doc` draw only what its font has. */
export function dropUndrawableText(doc: PDFKit.PDFDocument): void {
  const target = doc as unknown as Record<string, TextFn> & { _font?: { font?: GlyphFont } };
  for (const name of ['text', 'widthOfString', 'heightOfString'] as const) {
    const original = target[name]!.bind(doc);
    target[name] = (text: unknown, ...rest: unknown[]) =>
      original(typeof text === 'string' ? drawableText(text, target._font?.font) : text, ...rest);
  }
}
