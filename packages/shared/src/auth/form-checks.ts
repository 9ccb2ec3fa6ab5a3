/**
 * The account forms' rules without a schema library: the sign-in page (/auth, the sign-in dialog)
 * checks its three forms with these plain functions and loads no zod (issue #20 item 5;
 * docs/decisions/041-page-budgets.md). The API's zod schemas (./form-schemas.ts, ./schemas.ts)
 * are built from the same limits and messages, and `form-checks.test.ts` checks that both give the
 * same message and the same value for any input.
 */
import { validationMessages as v } from '../messages.ts';

export const MAX_EMAIL = 254;
/** argon2 is deliberately slow; an upper bound keeps a huge password from being a cheap attack. */
export const MAX_PASSWORD = 128;
export const MIN_PASSWORD = 6;
export const MAX_FULL_NAME = 120;
export const MAX_PHONE = 30;

export const formLimitMessages = {
  passwordTooLong: `A senha deve ter no máximo ${MAX_PASSWORD} caracteres`,
  fullNameTooLong: `O nome completo deve ter no máximo ${MAX_FULL_NAME} caracteres`,
  phoneTooLong: `O telefone deve ter no máximo ${MAX_PHONE} caracteres`,
} as const;

/**
 * zod's own e-mail pattern (`z.email()`, written without its needless escapes), so that the forms and
 * the API accept the same addresses.
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Lengths in Unicode code points, as zod counts them (an emoji is one character). */
const length = (text: string) => [...text].length;

/** One field checked: the value the form sends, or the first message to show under it. */
export type Checked<T> = { value: T } | { error: string };

/**
 * Specification §5 (docs/spec/specification.md): e-mail required, must look like an e-mail, trimmed and
 * lower-cased. The form shows the §5 text; the API answers the §8 text 'Email inválido' (docs/decisions/003).
 */
export function checkEmail(raw: unknown, invalidMessage: string = v.emailInvalid): Checked<string> {
  if (typeof raw !== 'string') return { error: v.emailRequired };
  const value = raw.trim().toLowerCase();
  if (value === '') return { error: v.emailRequired };
  if (length(value) > MAX_EMAIL || !emailPattern.test(value)) return { error: invalidMessage };
  return { value };
}

/** A new password (sign-up, reset, and sign-in, where a shorter one cannot be right). */
export function checkNewPassword(raw: unknown): Checked<string> {
  if (typeof raw !== 'string' || raw === '') return { error: v.passwordRequired };
  if (length(raw) < MIN_PASSWORD) return { error: v.passwordTooShort };
  if (length(raw) > MAX_PASSWORD) return { error: formLimitMessages.passwordTooLong };
  return { value: raw };
}

export function checkFullName(raw: unknown): Checked<string> {
  if (typeof raw !== 'string') return { error: v.fullNameRequired };
  const value = raw.trim();
  if (value === '') return { error: v.fullNameRequired };
  if (length(value) > MAX_FULL_NAME) return { error: formLimitMessages.fullNameTooLong };
  return { value };
}

/** Specification §3 (docs/spec/specification.md): telefone trimmed, or null when empty. */
export function checkPhone(raw: string | null | undefined): Checked<string | null> {
  const value = raw?.trim() ?? '';
  if (length(value) > MAX_PHONE) return { error: formLimitMessages.phoneTooLong };
  return { value: value || null };
}

/** A whole form checked: every field's value, or a message for each field that fails. */
export type FormCheck<Out> =
  { ok: true; values: Out } | { ok: false; errors: Partial<Record<keyof Out, string>> };

function checkFields<Out extends Record<string, unknown>>(fields: {
  [K in keyof Out]: Checked<Out[K]>;
}): FormCheck<Out> {
  const values: Partial<Out> = {};
  const errors: Partial<Record<keyof Out, string>> = {};
  for (const key of Object.keys(fields) as Array<keyof Out>) {
    const field = fields[key];
    if ('error' in field) errors[key] = field.error;
    else values[key] = field.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: values as Out };
}

export interface SignInForm {
  email: string;
  password: string;
}
export interface SignUpForm {
  email: string;
  password: string;
  nome_completo: string;
  telefone?: string | null | undefined;
}
export interface ForgotPasswordForm {
  email: string;
}

/**
 * Specification §5's password rule applies to the sign-in form too: a password shorter than 6 cannot
 * be right (sign-up never accepted one), so the form says so and sends nothing. The API keeps only the
 * required rule and answers a wrong password the usual way.
 */
export function checkSignInForm(form: SignInForm): FormCheck<SignInForm> {
  return checkFields({ email: checkEmail(form.email), password: checkNewPassword(form.password) });
}

export function checkSignUpForm(
  form: SignUpForm,
): FormCheck<{ email: string; password: string; nome_completo: string; telefone: string | null }> {
  return checkFields({
    email: checkEmail(form.email),
    password: checkNewPassword(form.password),
    nome_completo: checkFullName(form.nome_completo),
    telefone: checkPhone(form.telefone),
  });
}

export function checkForgotPasswordForm(form: ForgotPasswordForm): FormCheck<ForgotPasswordForm> {
  return checkFields({ email: checkEmail(form.email) });
}
