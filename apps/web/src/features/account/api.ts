import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  accountOverviewSchema,
  accountSessionsSchema,
  dataExportsSchema,
  emailPreferencesSchema,
  invitationSentSchema,
  invitationsSchema,
  staffMembersSchema,
  messageSchema,
  Profile,
  recoveryCodesSchema,
  twoFactorChangeBodySchema,
  twoFactorSetupSchema,
} from '@urbana/shared';
import { endpoints } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';
import { call } from '../../lib/endpoint-call.ts';

type Message = z.infer<typeof messageSchema>;
export type AccountOverview = z.infer<typeof accountOverviewSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** The current password and a code (issue #39 item 5). */
type TwoFactorProof = z.output<typeof twoFactorChangeBodySchema>;

/** Each call of the account settings (issue #24), typed by the shared schemas. */
export const accountApi = {
  overview: () => api<AccountOverview>('/api/account'),
  updateProfile: (body: { nome_completo: string; telefone: string | null; empresa: string | null }) =>
    api<Profile>('/api/account/profile', { method: 'PATCH', body }),
  changeEmail: (body: { email: string; password: string }) =>
    api<Message>('/api/account/email', { method: 'POST', body }),
  confirmEmail: (token: string) =>
    api<Message>('/api/account/email/confirm', { method: 'POST', body: { token } }),
  changePassword: (body: { current_password: string; new_password: string }) =>
    api<Message>('/api/account/password', { method: 'POST', body }),
  sessions: () => api<z.infer<typeof accountSessionsSchema>>('/api/account/sessions'),
  endOtherSessions: () => api<Message>('/api/account/sessions/end-others', { method: 'POST' }),
  setPreferences: (body: z.infer<typeof emailPreferencesSchema>) =>
    api<z.infer<typeof emailPreferencesSchema>>('/api/account/email-preferences', { method: 'PUT', body }),
  acceptTerms: (version: string) => api<Profile>('/api/account/terms', { method: 'POST', body: { version } }),
  startTwoFactor: () => api<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' }),
  enableTwoFactor: (body: TwoFactorProof) =>
    api<RecoveryCodes>('/api/account/two-factor/enable', { method: 'POST', body }),
  renewRecoveryCodes: (body: TwoFactorProof) =>
    api<RecoveryCodes>('/api/account/two-factor/recovery-codes', { method: 'POST', body }),
  disableTwoFactor: (body: TwoFactorProof) =>
    api<Message>('/api/account/two-factor/disable', { method: 'POST', body }),
  exports: () => api<z.infer<typeof dataExportsSchema>>('/api/account/exports'),
  requestExport: () => api<Message>('/api/account/exports', { method: 'POST' }),
  deleteAccount: (password: string) =>
    api<Message>('/api/account/delete', { method: 'POST', body: { password } }),
  legal: () => call(endpoints.accountLinks.legal),
  // The link's own values, as the e-mail carried them: the server checks them.
  unsubscribe: (token: string, tipo: string) =>
    call(endpoints.accountLinks.unsubscribe, { query: new URLSearchParams({ token, tipo }) }),
  invitationPreview: (token: string) => call(endpoints.accountLinks.invitationPreview, { body: { token } }),
  acceptInvitation: (body: { token: string; nome_completo: string; password: string }) =>
    call(endpoints.accountLinks.acceptInvitation, { body }),
  invitations: () => api<z.infer<typeof invitationsSchema>>('/api/admin/convites'),
  staff: () => api<z.infer<typeof staffMembersSchema>>('/api/admin/equipe'),
  invite: (body: { email: string; nome_completo: string; role: 'operador' | 'admin' }) =>
    api<z.infer<typeof invitationSentSchema>>('/api/admin/convites', { method: 'POST', body }),
  exportFor: (userId: string) =>
    api<Message>(`/api/admin/usuarios/${userId}/exportar-dados`, { method: 'POST' }),
  deleteFor: (userId: string) => api<Message>(`/api/admin/usuarios/${userId}/excluir`, { method: 'POST' }),
  revokeInvitation: (id: string) => api<Message>(`/api/admin/convites/${id}/revogar`, { method: 'POST' }),
};

export const accountKeys = {
  overview: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  exports: ['account', 'exports'] as const,
  legal: ['legal'] as const,
  invitations: ['admin', 'convites'] as const,
  staff: ['admin', 'equipe'] as const,
};

export const accountOverviewQuery = queryOptions({
  queryKey: accountKeys.overview,
  queryFn: accountApi.overview,
});
export const useAccountOverview = () => useQuery(accountOverviewQuery);
export const useAccountSessions = () =>
  useQuery({ queryKey: accountKeys.sessions, queryFn: accountApi.sessions });
export const useLegal = () =>
  useQuery({ queryKey: accountKeys.legal, queryFn: accountApi.legal, staleTime: 300_000 });
export const useInvitations = () =>
  useQuery({ queryKey: accountKeys.invitations, queryFn: accountApi.invitations });
export const useStaffMembers = () => useQuery({ queryKey: accountKeys.staff, queryFn: accountApi.staff });

/** While an export is being prepared the list is polled, so the link appears by itself. */
export const useDataExports = () =>
  useQuery({
    queryKey: accountKeys.exports,
    queryFn: accountApi.exports,
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.status === 'pendente') ? 2000 : false),
  });

export function useAccountMutation<T, A>(
  fn: (arg: A) => Promise<T>,
  invalidate: readonly (readonly string[])[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      for (const key of invalidate) await client.invalidateQueries({ queryKey: key });
    },
  });
}
