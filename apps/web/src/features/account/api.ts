import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  accountOverviewSchema,
  emailPreferencesSchema,
  recoveryCodesSchema,
  twoFactorChangeBodySchema,
  twoFactorSetupSchema,
} from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { accountLinksEndpoints } from '../../lib/endpoints/account-links.ts';
import { adminEndpoints } from '../../lib/endpoints/admin.ts';
import { accountEndpoints as account } from '../../lib/endpoints/account.ts';
import { twoFactorEndpoints as twoFactor } from '../../lib/endpoints/two-factor.ts';

export type AccountOverview = z.infer<typeof accountOverviewSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** The current password and a code (issue #39 item 5). */
type TwoFactorProof = z.output<typeof twoFactorChangeBodySchema>;

/** Each call of the account settings (issue #24), typed by the shared schemas. */
export const accountApi = {
  overview: () => call(account.overview),
  updateProfile: (body: { nome_completo: string; telefone: string | null; empresa: string | null }) =>
    call(account.updateProfile, { body }),
  changeEmail: (body: { email: string; password: string }) => call(account.changeEmail, { body }),
  confirmEmail: (token: string) => call(account.confirmEmail, { body: { token } }),
  changePassword: (body: { current_password: string; new_password: string }) =>
    call(account.changePassword, { body }),
  sessions: () => call(account.sessions),
  endOtherSessions: () => call(account.endOtherSessions),
  setPreferences: (body: z.infer<typeof emailPreferencesSchema>) => call(account.emailPreferences, { body }),
  acceptTerms: (version: string) => call(account.acceptTerms, { body: { version } }),
  startTwoFactor: () => call(twoFactor.setup),
  enableTwoFactor: (body: TwoFactorProof) => call(twoFactor.enable, { body }),
  renewRecoveryCodes: (body: TwoFactorProof) => call(twoFactor.recoveryCodes, { body }),
  disableTwoFactor: (body: TwoFactorProof) => call(twoFactor.disable, { body }),
  exports: () => call(account.exports),
  requestExport: () => call(account.requestExport),
  deleteAccount: (password: string) => call(account.delete, { body: { password } }),
  legal: () => call(accountLinksEndpoints.legal),
  // The link's own values, as the e-mail carried them: the server checks them.
  unsubscribe: (token: string, tipo: string) =>
    call(accountLinksEndpoints.unsubscribe, { query: new URLSearchParams({ token, tipo }) }),
  invitationPreview: (token: string) => call(accountLinksEndpoints.invitationPreview, { body: { token } }),
  acceptInvitation: (body: { token: string; nome_completo: string; password: string }) =>
    call(accountLinksEndpoints.acceptInvitation, { body }),
  invitations: () => call(adminEndpoints.team.invitations),
  staff: () => call(adminEndpoints.team.members),
  invite: (body: { email: string; nome_completo: string; role: 'operador' | 'admin' }) =>
    call(adminEndpoints.team.invite, { body }),
  exportFor: (userId: string) => call(adminEndpoints.users.exportData, { params: { id: userId } }),
  deleteFor: (userId: string) => call(adminEndpoints.users.remove, { params: { id: userId } }),
  revokeInvitation: (id: string) => call(adminEndpoints.team.revoke, { params: { id } }),
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
