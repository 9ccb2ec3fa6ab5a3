import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/dates.ts';
import {
  adminOrderMessages,
  chooseRefund,
  holdCeiling,
  lastRefundableDay,
  refundUnderPolicy,
} from './admin-rules.ts';

describe('regras das ações da equipe sobre pedidos', () => {
  it('último dia com reembolso: 5 dias úteis antes do início, pulando o fim de semana', () => {
    // Monday 2026-12-14 → the Monday before (5 business days back).
    expect(lastRefundableDay('2026-12-14')).toBe('2026-12-07');
    // Wednesday 2026-12-16 → Wednesday 2026-12-09.
    expect(lastRefundableDay('2026-12-16')).toBe('2026-12-09');
  });

  it('reembolso integral dos itens dentro do prazo, proporcional ao cupom; nada fora do prazo', () => {
    const items = [
      { start: '2026-12-14', total: 60_000 },
      { start: '2026-12-28', total: 40_000 },
    ];
    // Paid 90 000 after a 10 000 coupon.
    const paid = { status: 'pago' as const, total: 90_000, items };
    expect(refundUnderPolicy({ ...paid, today: '2026-12-01' })).toBe(90_000);
    expect(refundUnderPolicy({ ...paid, today: '2026-12-07' })).toBe(90_000);
    expect(refundUnderPolicy({ ...paid, today: '2026-12-08' })).toBe(36_000);
    expect(refundUnderPolicy({ ...paid, today: '2026-12-22' })).toBe(0);
    expect(refundUnderPolicy({ ...paid, status: 'aguardando_pagamento', today: '2026-12-01' })).toBe(0);
    // Paid after the hold expired: all of it goes back (decision 026).
    expect(refundUnderPolicy({ ...paid, status: 'pago_apos_expirar', today: '2026-12-30' })).toBe(90_000);
  });

  it('a reserva vai no máximo a 10 dias do pedido e nunca passa do primeiro dia reservado', () => {
    const placed = new Date('2026-12-01T15:00:00Z');
    expect(holdCeiling(placed, '2027-01-04').toISOString()).toBe('2026-12-11T15:00:00.000Z');
    expect(holdCeiling(placed, '2026-12-07').toISOString()).toBe('2026-12-07T03:00:00.000Z');
  });

  it('data e hora de Brasília', () => {
    expect(formatDateTime('2026-12-07T03:00:00.000Z')).toBe('07/12/2026 às 00:00');
  });
});

describe('chooseRefund: o reembolso escolhido pela equipe (decisão 076)', () => {
  const base = { policy: 0, paid: 70_000 };
  it('a política não pede motivo; outro valor pede, e o motivo vai sem espaços nas pontas', () => {
    expect(chooseRefund({ ...base, choice: 'politica' })).toEqual({ amount: 0, reason: null });
    expect(chooseRefund({ ...base, choice: 'integral' })).toEqual({ error: adminOrderMessages.refundReason });
    expect(chooseRefund({ ...base, choice: 'integral', reason: '  Abrigo em obra  ' })).toEqual({
      amount: 70_000,
      reason: 'Abrigo em obra',
    });
    // The policy's own amount, chosen another way, is the policy's: no reason kept.
    expect(chooseRefund({ policy: 70_000, paid: 70_000, choice: 'integral', reason: 'x' })).toEqual({
      amount: 70_000,
      reason: null,
    });
  });
  it('parcial: centavos inteiros de 0 ao valor pago', () => {
    const reason = 'Metade da semana';
    expect(chooseRefund({ ...base, choice: 'parcial', amount: 35_050, reason })).toEqual({
      amount: 35_050,
      reason,
    });
    expect(chooseRefund({ ...base, choice: 'parcial', amount: 70_001, reason })).toEqual({
      error: adminOrderMessages.refundOverPaid(70_000),
    });
    expect(chooseRefund({ ...base, choice: 'parcial', amount: -1, reason })).toEqual({
      error: adminOrderMessages.refundNegative,
    });
    for (const amount of [undefined, null, 1.5])
      expect(chooseRefund({ ...base, choice: 'parcial', amount, reason })).toEqual({
        error: adminOrderMessages.refundAmount,
      });
    expect(chooseRefund({ ...base, choice: 'parcial', amount: 0 })).toEqual({ amount: 0, reason: null });
  });
});
