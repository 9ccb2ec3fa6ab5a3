import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../catalog.ts';
import { formatDateTime } from '../lib/dates.ts';
import { formatHoldEnd, invoiceDueDate, invoicedHoldEnd, invoicedMessages } from './invoiced.ts';

describe('vencimento e reserva do pagamento faturado (issue #40 item 1)', () => {
  it('o caso do issue: pedido em 28/11, início em 01/12 → vence 30/11 e a reserva vai até o fim desse dia', () => {
    const due = invoiceDueDate('faturado', '2026-11-28', '2026-12-01');
    expect(due).toBe('2026-11-30');
    expect(invoicedHoldEnd(due!).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(formatHoldEnd(invoicedHoldEnd(due!))).toBe('30/11/2026 às 23:59');
  });

  it('longe do início: 5 dias corridos; Pix: no dia do pedido', () => {
    expect(invoiceDueDate('faturado', '2026-11-28', '2027-01-04')).toBe('2026-12-03');
    expect(invoiceDueDate('pix', '2026-11-28', '2026-12-01')).toBe('2026-11-28');
  });

  it('início amanhã: vence hoje; início hoje: não há prazo para faturar', () => {
    expect(invoiceDueDate('faturado', '2026-11-28', '2026-11-29')).toBe('2026-11-28');
    expect(invoiceDueDate('faturado', '2026-11-28', '2026-11-28')).toBeNull();
    expect(invoicedMessages.tooClose('2026-11-28')).toContain('a partir de 29/11/2026');
  });

  it('nunca depois da véspera do início, nunca antes de hoje, e a reserva termina antes do início', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 60 }), (offset, lead) => {
        const today = addDays('2026-01-01', offset);
        const start = addDays(today, lead);
        const due = invoiceDueDate('faturado', today, start);
        if (lead === 0) return due === null;
        return (
          due !== null &&
          due >= today &&
          due <= addDays(start, -1) &&
          due <= addDays(today, 5) &&
          invoicedHoldEnd(due).getTime() <= new Date(`${start}T00:00:00-03:00`).getTime()
        );
      }),
    );
  });

  it('a mesma frase para o cliente: vencimento e fim da reserva', () => {
    expect(invoicedMessages.dueAndHold('2026-11-30', invoicedHoldEnd('2026-11-30'))).toBe(
      'A fatura vence em 30/11/2026; as vagas ficam reservadas até 30/11/2026 às 23:59, o fim do dia do vencimento.',
    );
    // A Pix hold is shown at its own minute.
    expect(formatHoldEnd('2026-11-28T17:35:12.000Z')).toBe(formatDateTime('2026-11-28T17:35:12.000Z'));
  });
});
