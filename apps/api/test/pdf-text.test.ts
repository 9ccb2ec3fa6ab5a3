import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { newPdf, pdfBuffer } from '../src/services/pdf/pdf-layout.ts';
import { drawableText } from '../src/services/pdf/pdf-text.ts';

async function textOf(lines: string[], fonts: 'embedded' | 'standard' = 'embedded') {
  const doc = await newPdf({ Title: 'Teste' }, fonts);
  const bytes = pdfBuffer(doc);
  for (const line of lines) doc.text(line);
  doc.end();
  const pdf = await getDocumentProxy(new Uint8Array(await bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('emoji nos PDFs (issue #40 item 9)', () => {
  it('tira o que a fonte não desenha, sem deixar caixas nem espaços duplos, e mantém acentos e símbolos', async () => {
    const text = await textOf([
      'Oferta 🎉 de verão ☀ no Eixão 👍🏽!',
      'Família 👨‍👩‍👧 e ❤️ São Paulo — R$ 1.500,00 €',
    ]);
    expect(text).toContain('Oferta de verão ☀ no Eixão!');
    expect(text).toContain('São Paulo — R$ 1.500,00 €');
    expect(text).not.toMatch(/[\u{1F300}-\u{1FAFF}]|\u200d|\ufe0f/u);
  });

  it('na fonte padrão (Latin-1) do mídia kit, só o que ela tem', async () => {
    const text = await textOf(['Mídia kit 🚀 2026'], 'standard');
    expect(text).toContain('Mídia kit 2026');
  });

  it('um texto sem nada a tirar passa como está', () => {
    expect(drawableText('  dois  espaços  ', undefined)).toBe('  dois  espaços  ');
  });
});
