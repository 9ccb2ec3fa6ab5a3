import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signInBodySchema } from './schemas.ts';
import { signInFormSchema, signUpFormSchema } from './form-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('validação do formulário (docs/spec/specification.md §5)', () => {
  it.each([
    [{ email: '', password: 'abcdef' }, 'Email é obrigatório'],
    [{ email: 'abc', password: 'abcdef' }, 'Por favor, insira um email válido'],
    [{ email: 'a@b.com', password: '' }, 'Senha é obrigatória'],
    [{ email: 'a@b.com', password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
  ])('entrada %j → %s', (input, message) => {
    expect(firstMessage(signInFormSchema.safeParse(input))).toBe(message);
  });

  it.each([
    [{ password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
    [{ nome_completo: '   ' }, 'Nome completo é obrigatório'],
  ])('cadastro %j → %s', (over, message) => {
    const input = { email: 'a@b.com', password: 'abcdef', nome_completo: 'Ana', ...over };
    expect(firstMessage(signUpFormSchema.safeParse(input))).toBe(message);
  });

  it('a API responde "Email inválido" (docs/spec/specification.md §8) para um email malformado', () => {
    expect(firstMessage(signInBodySchema.safeParse({ email: 'abc', password: 'x' }))).toBe('Email inválido');
  });

  it('apara e põe em minúsculas o email; telefone vazio vira null', () => {
    const parsed = signUpFormSchema.parse({
      email: '  Ana@Exemplo.COM ',
      password: 'abcdef',
      nome_completo: ' Ana ',
      telefone: '  ',
    });
    expect(parsed).toEqual({
      email: 'ana@exemplo.com',
      password: 'abcdef',
      nome_completo: 'Ana',
      telefone: null,
    });
  });

  it('qualquer email válido sobrevive à normalização', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const result = signInBodySchema.safeParse({ email: ` ${email.toUpperCase()} `, password: 'x' });
        if (result.success) expect(result.data.email).toBe(email.toLowerCase().trim());
      }),
    );
  });
});
