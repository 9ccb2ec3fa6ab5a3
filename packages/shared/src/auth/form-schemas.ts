/**
 * The account forms' fields and schemas, in zod's small build (`zod/mini`): the sign-in page checks
 * its forms without loading the full zod (issue #20; docs/decisions/032-react-in-production.md). The
 * API's request bodies (../auth-schemas.ts) are built from these same fields.
 */
import * as z from 'zod/mini';
import { validationMessages as v } from '../messages.ts';

const MAX_EMAIL = 254;
/** argon2 is deliberately slow; an upper bound keeps a huge password from being a cheap attack. */
export const MAX_PASSWORD = 128;
export const MIN_PASSWORD = 6;
const passwordTooLong = `A senha deve ter no máximo ${MAX_PASSWORD} caracteres`;

/**
 * Specification §5 (docs/spec/specification.md): e-mail required, must look like an e-mail, trimmed and lower-cased. The form shows the §5
 * text; the API answers the §8 provider text 'Email inválido' (see docs/decisions/003).
 */
export function emailField(invalidMessage: string = v.emailInvalid) {
  return z.pipe(
    z
      .string({ error: v.emailRequired })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, { error: v.emailRequired, abort: true }),
        z.maxLength(MAX_EMAIL, { error: invalidMessage, abort: true }),
      ),
    z.email({ error: invalidMessage }),
  );
}

export const passwordRequired = z
  .string({ error: v.passwordRequired })
  .check(
    z.minLength(1, { error: v.passwordRequired, abort: true }),
    z.maxLength(MAX_PASSWORD, { error: passwordTooLong }),
  );

export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .check(
    z.minLength(1, { error: v.passwordRequired, abort: true }),
    z.minLength(MIN_PASSWORD, { error: v.passwordTooShort, abort: true }),
    z.maxLength(MAX_PASSWORD, { error: passwordTooLong }),
  );

export const fullName = z
  .string({ error: v.fullNameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: v.fullNameRequired, abort: true }),
    z.maxLength(120, { error: 'O nome completo deve ter no máximo 120 caracteres' }),
  );

/** Specification §3 (docs/spec/specification.md): telefone trimmed, or null when empty. */
export const phone = z.pipe(
  z.nullish(
    z.string().check(z.trim(), z.maxLength(30, { error: 'O telefone deve ter no máximo 30 caracteres' })),
  ),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

/**
 * Specification §5 (docs/spec/specification.md)'s password rule applies to the sign-in form too: a password shorter than 6 cannot be right
 * (sign-up never accepted one), so the form says so and sends nothing. The API keeps only the required
 * rule and answers a wrong password the usual way.
 */
export const signInFormSchema = z.object({ email: emailField(), password: newPasswordField });

export const signUpFormSchema = z.object({
  email: emailField(),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
});

export const forgotPasswordFormSchema = z.object({ email: emailField() });

export type SignInForm = z.input<typeof signInFormSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;
