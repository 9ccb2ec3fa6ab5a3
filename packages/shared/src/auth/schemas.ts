import { z } from 'zod';
import { signInErrors } from '../messages.ts';
import { userTypes } from '../permissions.ts';
import { emailField, fullName, newPasswordField, passwordRequired, phone } from './form-schemas.ts';

export const signInBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  password: passwordRequired,
  /** Sent by /admin/login: a cliente account is refused before a session is opened. */
  staff_only: z.boolean().optional(),
});

/** The API accepts (and ignores) tipo_usuario: sign-up always creates a cliente (docs/spec/specification.md §3). */
export const signUpBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  password: newPasswordField,
  nome_completo: fullName,
  telefone: phone,
  tipo_usuario: z.string().optional(),
  /** The version of the terms the form showed (issue #24): an older one is refused. */
  terms_version: z.string().max(40).optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

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

/**
 * Who a user is, as their own session and the staff's user list and page show them (issue #18):
 * declared once, each answer extends it.
 */
export const userHeadSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome_completo: z.string(),
  tipo_usuario: z.enum(userTypes),
  email_confirmed: z.boolean(),
});
/** The user's head and how to reach them: their own profile and the staff's user page. */
export const userContactSchema = userHeadSchema.extend({
  empresa: z.string().nullable(),
  telefone: z.string().nullable(),
});
export type UserContact = z.infer<typeof userContactSchema>;

export const profileSchema = userContactSchema.extend({
  updated_at: z.string(),
  permissoes: permissoesSchema,
  is_admin: z.boolean(),
  is_staff: z.boolean(),
  /** The terms accepted are older than the ones in force: the app asks for acceptance (issue #24). */
  terms_outdated: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** An admin without two-factor sign-in: the panel stays closed until it is set up (decision 031). */
  two_factor_setup_required: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z.object({
  user: profileSchema.nullable(),
  session: z.object({ expires_at: z.string() }).nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageSchema = z.object({ message: z.string() });
/** The answer of a 204: no body (routes declare it so every success has a shared schema). */
export const noContentSchema = z.null();

/** POST /api/auth/sign-up: the new account (always a cliente) and whether its e-mail is confirmed. */
export const signUpResponseSchema = z.object({ user: profileSchema, email_confirmed: z.boolean() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** GET /api/auth/providers: the ways to sign in (Google only when configured). */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** GET /api/auth/google/callback: what Google sends back (an error when the person gave up). */
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
