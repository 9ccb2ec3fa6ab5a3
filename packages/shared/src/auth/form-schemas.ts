/**
 * The account forms' fields and schemas, in zod's small build (`zod/mini`). The API's request bodies
 * (./schemas.ts) are built from these fields; the browser's forms check the same rules without
 * zod (./form-checks.ts, same limits and messages; `form-checks.test.ts` compares the two).
 */
import * as z from 'zod/mini';
import { validationMessages as v } from '../messages.ts';
import {
  formLimitMessages as limits,
  MAX_EMAIL,
  MAX_FULL_NAME,
  MAX_PASSWORD,
  MAX_PHONE,
  MIN_PASSWORD,
} from './form-checks.ts';

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

/** The forms as schemas: ./form-checks.ts's checks give the same messages and values (test). */
export const signInFormSchema = z.object({ email: emailField(), password: newPasswordField });

export const signUpFormSchema = z.object({
  email: emailField(),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
});

export const forgotPasswordFormSchema = z.object({ email: emailField() });
