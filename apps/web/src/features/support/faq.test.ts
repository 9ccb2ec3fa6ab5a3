import { describe, expect, it } from 'vitest';
import { faq, searchFaq } from './faq.ts';

describe('busca no FAQ', () => {
  it('ignora acentos e maiúsculas e exige todas as palavras', () => {
    expect(searchFaq(faq, 'ANTECEDENCIA').map((e) => e.question)).toEqual([
      'Qual é a antecedência mínima para começar uma campanha?',
    ]);
    expect(searchFaq(faq, 'fatura pdf').map((e) => e.question)).toEqual([
      'Onde encontro minhas faturas e como baixo o PDF?',
    ]);
    expect(searchFaq(faq, 'pix boleto')).toHaveLength(1);
    expect(searchFaq(faq, 'zzz inexistente')).toEqual([]);
    expect(searchFaq(faq, '   ')).toHaveLength(faq.length);
  });
});
