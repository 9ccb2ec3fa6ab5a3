import { z } from 'zod';
import { signInErrors, validationMessages as v } from './messages.ts';
import { userTypes } from './permissions.ts';

const MAX_EMAIL = 254;
/** argon2 is deliberately slow; an upper bound keeps a huge password from being a cheap attack. */
export const MAX_PASSWORD = 128;
export const MIN_PASSWORD = 6;

/**
 * Seed §5: e-mail required, must look like an e-mail, trimmed and lower-cased. The form shows the §5
 * text; the API answers the §8 provider text 'Email inválido' (see docs/decisions/003).
 */
export function emailField(invalidMessage: string = v.emailInvalid) {
  return z
    .string({ error: v.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: v.emailRequired, abort: true })
    .max(MAX_EMAIL, { error: invalidMessage, abort: true })
    .pipe(z.email({ error: invalidMessage }));
}

const passwordRequired = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .max(MAX_PASSWORD, { error: `A senha deve ter no máximo ${MAX_PASSWORD} caracteres` });

export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .min(MIN_PASSWORD, { error: v.passwordTooShort, abort: true })
  .max(MAX_PASSWORD, { error: `A senha deve ter no máximo ${MAX_PASSWORD} caracteres` });

const fullName = z
  .string({ error: v.fullNameRequired })
  .trim()
  .min(1, { error: v.fullNameRequired, abort: true })
  .max(120, { error: 'O nome completo deve ter no máximo 120 caracteres' });

/** Seed §3: telefone trimmed, or null when empty. */
const phone = z
  .string()
  .trim()
  .max(30, { error: 'O telefone deve ter no máximo 30 caracteres' })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Seed §5's password rule applies to the sign-in form too: a password shorter than 6 cannot be right
 * (sign-up never accepted one), so the form says so and sends nothing. The API keeps only the required
 * rule and answers a wrong password the usual way.
 */
export const signInFormSchema = z.object({ email: emailField(), password: newPasswordField });
export const signInBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  password: passwordRequired,
  /** Sent by /admin/login: a cliente account is refused before a session is opened. */
  staff_only: z.boolean().optional(),
});

export const signUpFormSchema = z.object({
  email: emailField(),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
});
/** The API accepts (and ignores) tipo_usuario: sign-up always creates a cliente (seed §3). */
export const signUpBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
  tipo_usuario: z.string().optional(),
});

export const emailOnlyBodySchema = z.object({ email: emailField(signInErrors.invalidEmail) });

const tokenField = z
  .string({ error: 'Link incompleto. Abra o link do email novamente.' })
  .min(1, { error: 'Link incompleto. Abra o link do email novamente.' })
  .max(200, { error: 'Link inválido.' });

export const confirmEmailBodySchema = z.object({ token: tokenField });
export const resetPasswordBodySchema = z.object({ token: tokenField, password: newPasswordField });

export const profileUpdateSchema = z.object({
  nome_completo: fullName,
  empresa: z
    .string()
    .trim()
    .max(160, { error: 'O nome da empresa deve ter no máximo 160 caracteres' })
    .nullish()
    .transform((value) => (value ? value : null)),
  telefone: phone,
});

export const permissoesSchema = z.object({
  can_access_dashboard: z.boolean(),
  can_manage_campaigns: z.boolean(),
  can_view_analytics: z.boolean(),
});

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome_completo: z.string(),
  empresa: z.string().nullable(),
  telefone: z.string().nullable(),
  tipo_usuario: z.enum(userTypes),
  email_confirmed: z.boolean(),
  updated_at: z.string(),
  permissoes: permissoesSchema,
  is_admin: z.boolean(),
  is_staff: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z.object({
  user: profileSchema.nullable(),
  session: z.object({ expires_at: z.string() }).nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageSchema = z.object({ message: z.string() });

export type SignInForm = z.input<typeof signInFormSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;
