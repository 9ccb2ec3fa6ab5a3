import { describe, expect, expectTypeOf, it } from 'vitest';
import fc from 'fast-check';
import { regexes } from 'zod';
import type * as z from 'zod/mini';
import {
  checkForgotPasswordForm,
  checkSignInForm,
  checkSignUpForm,
  emailPattern,
  type ForgotPasswordForm,
  type FormCheck,
  type SignInForm,
  type SignUpForm,
} from './form-checks.ts';
import { forgotPasswordFormSchema, signInFormSchema, signUpFormSchema } from './form-schemas.ts';

/** What a zod schema says about a form, in the shape of the plain checks: the values, or each field's first message. */
function zodVerdict(result: {
  success: boolean;
  data?: unknown;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}): FormCheck<Record<string, unknown>> {
  if (result.success) return { ok: true, values: result.data as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

/** Text around the limits and the rules: empty, blank, short, long, odd characters, real addresses. */
const text = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   ',
    'a',
    'abcde',
    'abcdef',
    ' abcdef ',
    'Ana',
    'a@b',
    'a@b.c',
    'a@b.co',
    'A@B.COM ',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  fc.emailAddress(),
  fc.integer({ min: 0, max: 300 }).map((n) => `${'a'.repeat(n)}@exemplo.com`),
  fc.integer({ min: 0, max: 300 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 0, max: 40 }).map((n) => ` ${'9'.repeat(n)} `),
);

describe('as verificações dos formulários de conta sem zod (issue #20 item 5)', () => {
  it('usam o mesmo padrão de email que o zod', () => {
    // The same pattern, without the escapes of `-` that zod writes and the linter refuses.
    expect(emailPattern.source).toBe(regexes.email.source.replaceAll('\\-', '-'));
    expect(emailPattern.flags).toBe(regexes.email.flags);
  });

  it('entrar: mesma mensagem por campo e mesmos valores que o esquema', () => {
    fc.assert(
      fc.property(text, text, (email, password) => {
        const form = { email, password };
        expect(checkSignInForm(form)).toEqual(zodVerdict(signInFormSchema.safeParse(form)));
      }),
      { numRuns: 2000 },
    );
  });

  it('cadastro: mesma mensagem por campo e mesmos valores que o esquema (telefone vazio vira null)', () => {
    const phone = fc.oneof(text, fc.constant(undefined), fc.constant(null));
    fc.assert(
      fc.property(text, text, text, phone, (email, password, nome_completo, telefone) => {
        const form = { email, password, nome_completo, telefone };
        expect(checkSignUpForm(form)).toEqual(zodVerdict(signUpFormSchema.safeParse(form)));
      }),
      { numRuns: 2000 },
    );
  });

  it('recuperar senha: mesma mensagem e mesmo valor que o esquema', () => {
    fc.assert(
      fc.property(text, (email) => {
        expect(checkForgotPasswordForm({ email })).toEqual(
          zodVerdict(forgotPasswordFormSchema.safeParse({ email })),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('exemplos da especificação §5', () => {
    expect(checkSignInForm({ email: '', password: '12345' })).toEqual({
      ok: false,
      errors: { email: 'Email é obrigatório', password: 'A senha deve ter pelo menos 6 caracteres' },
    });
    expect(
      checkSignUpForm({
        email: ' Ana@Exemplo.COM ',
        password: 'abcdef',
        nome_completo: ' Ana ',
        telefone: ' ',
      }),
    ).toEqual({
      ok: true,
      values: { email: 'ana@exemplo.com', password: 'abcdef', nome_completo: 'Ana', telefone: null },
    });
  });

  it('os tipos dos formulários são os dos esquemas', () => {
    expectTypeOf<SignInForm>().toEqualTypeOf<z.input<typeof signInFormSchema>>();
    expectTypeOf<SignUpForm>().toEqualTypeOf<z.input<typeof signUpFormSchema>>();
    expectTypeOf<ForgotPasswordForm>().toEqualTypeOf<z.input<typeof forgotPasswordFormSchema>>();
  });
});
