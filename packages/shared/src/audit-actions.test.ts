import { describe, expect, it } from 'vitest';
import {
  auditDiff,
  auditFieldLabel,
  auditFieldValue,
  auditSentence,
  staffAuditActions,
} from './audit-actions.ts';

describe('frases do log de auditoria', () => {
  it('dá uma frase em português e mostra um código desconhecido como foi gravado', () => {
    expect(auditSentence('usuario.papel_alterado')).toBe('alterou o papel do usuário');
    expect(auditSentence('campanha.iniciada')).toBe('iniciou a veiculação da campanha');
    expect(auditSentence('algo.novo')).toBe('registrou a ação “algo.novo”');
  });

  it('as ações da equipe não incluem entradas nem passos do cliente', () => {
    expect(staffAuditActions).toContain('anuncio.aprovado');
    expect(staffAuditActions).toContain('pedido.pagamento_confirmado');
    for (const code of ['login.sucesso', 'conta.cadastro', 'senha.redefinida', 'anuncio.enviado'])
      expect(staffAuditActions).not.toContain(code);
  });

  it('guarda só os campos que mudaram, e nada quando nada mudou', () => {
    expect(auditDiff({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBeNull();
    expect(auditDiff({ a: 1, b: 'x', c: [1] }, { a: 2, b: 'x', c: [1] })).toEqual({
      before: { a: 1 },
      after: { a: 2 },
    });
  });
});

describe('campos do log em português (issue #40 item 8)', () => {
  it('nomeia em português os campos que a API grava ao cancelar um pedido e agendar um e-mail', () => {
    for (const field of [
      'credit_note',
      'target_user_id',
      'refund_policy_amount',
      'refund_choice',
      'refund_reason',
      'note',
      'template',
      'daily_price',
    ]) {
      expect(auditFieldLabel(field)).not.toBe(field.replace(/_/g, ' '));
    }
    expect(auditFieldLabel('credit_note')).toBe('nota de crédito');
    expect(auditFieldLabel('target_user_id')).toBe('destinatário');
  });

  it('mostra dinheiro em reais, não em centavos', () => {
    expect(auditFieldValue('refund_amount', 150_000)).toBe('R$\u00a01.500,00');
    expect(auditFieldValue('refund_policy_amount', 0)).toBe('R$\u00a00,00');
    expect(auditFieldValue('slots', 3)).toBe('3');
    expect(auditFieldValue('note', '')).toBe('(vazio)');
    expect(auditFieldValue('blocked', true)).toBe('sim');
  });
});
