import { z } from 'zod';
import { emailField, newPasswordField } from '../auth/form-schemas.ts';
import { profileUpdateSchema, sessionResponseSchema } from '../auth/schemas.ts';
import { signInErrors } from '../messages.ts';
import { validationMessages as v } from '../auth/messages.ts';
import { twoFactorMessages } from './messages.ts';

export { TERMS_VERSION, accountSettingsMessages, invitationMessages, twoFactorMessages } from './messages.ts';

const password = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .max(128, { error: 'A senha deve ter no máximo 128 caracteres' });

const tokenField = z
  .string({ error: 'Link incompleto. Abra o link do email novamente.' })
  .min(1, { error: 'Link incompleto. Abra o link do email novamente.' })
  .max(200, { error: 'Link inválido.' });

/** Six digits, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const totpCodeField = z
  .string({ error: twoFactorMessages.required })
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: twoFactorMessages.required, abort: true })
      .max(20, { error: twoFactorMessages.invalidCode }),
  );

export const accountUpdateBodySchema = profileUpdateSchema;
export const changeEmailBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  password,
});
export const tokenBodySchema = z.object({ token: tokenField });
export const changePasswordBodySchema = z.object({
  current_password: password,
  new_password: newPasswordField,
});
export const passwordBodySchema = z.object({ password });

export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const emailPreferencesSchema = z.object({ alerts: z.boolean(), news: z.boolean() });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailCategories = ['alertas', 'novidades'] as const;
export type EmailCategory = (typeof emailCategories)[number];
export const unsubscribeQuerySchema = z.object({
  token: z.string().max(60),
  tipo: z.enum(emailCategories),
});

export const accountOverviewSchema = z.object({
  email: z.string(),
  pending_email: z.string().nullable(),
  preferences: emailPreferencesSchema,
  two_factor: z.object({
    enabled: z.boolean(),
    required: z.boolean(),
    recovery_codes_left: z.number().int(),
  }),
  terms: z.object({
    version: z.string().nullable(),
    accepted_at: z.string().nullable(),
    current: z.string(),
  }),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
/**
 * Turning two-factor sign-in on or off and taking new recovery codes: the current password and a
 * code, so that a session alone cannot change the second factor (issue #39 item 5).
 */
export const twoFactorChangeBodySchema = z.object({ password, code: totpCodeField });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()), message: z.string() });

export const twoFactorVerifyBodySchema = z.object({ challenge: tokenField, code: totpCodeField });
/** The sign-in answer when the password was right and a second factor is needed. */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.object({ challenge: z.string(), expires_at: z.string() }),
});

export const signInResponseSchema = z.union([sessionResponseSchema, twoFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const acceptTermsBodySchema = z.object({ version: z.string().max(40) });

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pendente', 'pronto', 'falhou']),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  download_url: z.string().nullable(),
});
export const dataExportsSchema = z.object({ items: z.array(dataExportSchema) });
export type DataExport = z.infer<typeof dataExportSchema>;

export const staffRoles = ['operador', 'admin'] as const;
export const invitationBodySchema = z.object({
  email: emailField(signInErrors.invalidEmail),
  nome_completo: z
    .string()
    .trim()
    .max(120, { error: 'O nome completo deve ter no máximo 120 caracteres' })
    .default(''),
  role: z.enum(staffRoles, { error: 'Escolha o papel: operador ou admin.' }),
});
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome_completo: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(['pendente', 'aceito', 'revogado', 'expirado']),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export const invitationsSchema = z.object({ items: z.array(invitationSchema) });
/** A new invitation; `replaced` when it took the place of a pending one for the same address. */
export const invitationSentSchema = invitationSchema.extend({ replaced: z.boolean() });
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * Whether a staff account can open the panel now: 'fora_da_lista' is an admin whose e-mail left
 * ADMIN_EMAILS (the panel refuses it whatever the account says).
 */
export const staffAccessStatuses = ['ativo', 'bloqueado', 'fora_da_lista'] as const;
export const staffAccessLabels: Record<(typeof staffAccessStatuses)[number], string> = {
  ativo: 'Com acesso',
  bloqueado: 'Bloqueado',
  fora_da_lista: 'Sem acesso (fora da lista)',
};
/** GET /api/admin/equipe: who can use the panel (issue #40 item 8), beside the invitations. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome_completo: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(staffAccessStatuses),
  two_factor: z.boolean(),
  last_sign_in_at: z.string().nullable(),
});
export const staffMembersSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const invitationPreviewSchema = z.object({
  email: z.string(),
  nome_completo: z.string(),
  role: z.enum(staffRoles),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const acceptInvitationBodySchema = z.object({
  token: tokenField,
  nome_completo: z
    .string({ error: v.fullNameRequired })
    .trim()
    .min(1, { error: v.fullNameRequired, abort: true })
    .max(120, { error: 'O nome completo deve ter no máximo 120 caracteres' }),
  password: newPasswordField,
});

/** GET /api/legal: the terms in force and the data protection officer (LGPD art. 41). */
export const legalSchema = z.object({
  terms_version: z.string(),
  encarregado: z.object({ nome: z.string(), email: z.string() }),
});
export type Legal = z.infer<typeof legalSchema>;
