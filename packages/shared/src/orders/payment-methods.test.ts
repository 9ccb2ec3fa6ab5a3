import { describe, expect, it } from 'vitest';
import { invoiceDueDate } from './invoiced.ts';
import { paymentMethodLabels, paymentMethodRefusal, paymentMethodRules, paymentMethods } from './rules.ts';

describe('uma linha de regras por forma de pagamento (issue #41)', () => {
  it('o faturado é só para empresas, com a recusa em português; o Pix é para todos', () => {
    expect(paymentMethodRefusal('faturado', 'pf')).toBe(
      'Boleto/transferência faturada é só para empresas (CNPJ).',
    );
    expect(paymentMethodRefusal('faturado', 'pj')).toBeNull();
    expect(paymentMethodRefusal('pix', 'pf')).toBeNull();
  });

  it('os prazos e a cobrança de cada forma vêm da sua linha', () => {
    expect(paymentMethods.map((m) => [m, paymentMethodRules[m].terms, paymentMethodRules[m].charge])).toEqual(
      [
        ['pix', 'janela', 'imediata'],
        ['faturado', 'vencimento', 'vencimento'],
      ],
    );
    // A method due within its window is due today; one with a due date, before the campaign.
    expect(invoiceDueDate('pix', '2026-11-29', '2026-12-20')).toBe('2026-11-29');
    expect(invoiceDueDate('faturado', '2026-11-29', '2026-12-20')).toBe('2026-12-04');
    expect(paymentMethodLabels.faturado).toBe(paymentMethodRules.faturado.label);
  });
});
