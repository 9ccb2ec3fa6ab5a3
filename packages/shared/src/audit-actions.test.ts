import { describe, expect, it } from 'vitest';
import { auditDiff, auditSentence, staffAuditActions } from './audit-actions.ts';

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
