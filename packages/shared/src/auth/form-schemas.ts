/**
 * The account forms' fields and schemas, in zod's small build (`zod/mini`). The API's request bodies
 * (./schemas.ts) are built from these fields, and the sign-in page's forms check them in the browser
 * through react-hook-form's zod resolver.
 */
import * as z from 'zod/mini';
import { validationMessages as v } from './messages.ts';

export const MAX_EMAIL = 254;
/** argon2 is deliberately slow; an upper bound keeps a huge password from being a cheap attack. */
export const MAX_PASSWORD = 128;
export const MIN_PASSWORD = 6;
export const MAX_FULL_NAME = 120;
export const MAX_PHONE = 30;

const limits = {
  passwordTooLong: `A senha deve ter no máximo ${MAX_PASSWORD} caracteres`,
  fullNameTooLong: `O nome completo deve ter no máximo ${MAX_FULL_NAME} caracteres`,
  phoneTooLong: `O telefone deve ter no máximo ${MAX_PHONE} caracteres`,
} as const;

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
    z.maxLength(MAX_PASSWORD, { error: limits.passwordTooLong }),
  );

export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .check(
    z.minLength(1, { error: v.passwordRequired, abort: true }),
    z.minLength(MIN_PASSWORD, { error: v.passwordTooShort, abort: true }),
    z.maxLength(MAX_PASSWORD, { error: limits.passwordTooLong }),
  );

export const fullName = z
  .string({ error: v.fullNameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: v.fullNameRequired, abort: true }),
    z.maxLength(MAX_FULL_NAME, { error: limits.fullNameTooLong }),
  );

/** Specification §3 (docs/spec/specification.md): telefone trimmed, or null when empty. */
export const phone = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(MAX_PHONE, { error: limits.phoneTooLong }))),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

/** The sign-in page's forms (sign in, sign up, forgotten password). */
export const signInFormSchema = z.object({ email: emailField(), password: newPasswordField });

export const signUpFormSchema = z.object({
  email: emailField(),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
});

export const forgotPasswordFormSchema = z.object({ email: emailField() });
