import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  AuthProviders,
  SessionResponse,
  SignInResponse,
  SignUpBody,
  SignUpResponse,
} from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export const authApi = {
  session: () => api<SessionResponse>('/api/auth/session'),
  providers: () => api<AuthProviders>('/api/auth/providers'),
  signIn: (body: { email: string; password: string; staff_only?: boolean }) =>
    api<SignInResponse>('/api/auth/sign-in', { method: 'POST', body }),
  twoFactor: (body: { challenge: string; code: string }) =>
    api<SessionResponse>('/api/auth/two-factor', { method: 'POST', body }),
  signUp: (body: SignUpBody) => api<SignUpResponse>('/api/auth/sign-up', { method: 'POST', body }),
  signOut: () => api<void>('/api/auth/sign-out', { method: 'POST' }),
  confirmEmail: (token: string) =>
    api<{ message: string }>('/api/auth/confirm-email', { method: 'POST', body: { token } }),
  resendConfirmation: (email: string) =>
    api<{ message: string }>('/api/auth/resend-confirmation', { method: 'POST', body: { email } }),
  forgotPassword: (email: string) =>
    api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, password: string) =>
    api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: { token, password } }),
};

/**
 * The session's writes, as mutations (decision 042): sign-in, its two-factor step, sign-up and
 * sign-out. The auth provider keeps what follows each (state, events, the session hint).
 * `networkMode: 'always'`: offline, the forms get the client's "no connection" error at once instead of
 * a request paused until the network returns.
 */
export function useSessionWrites() {
  const options = { networkMode: 'always' } as const;
  const signIn = useMutation({ ...options, mutationFn: authApi.signIn }).mutateAsync;
  const twoFactor = useMutation({ ...options, mutationFn: authApi.twoFactor }).mutateAsync;
  const signUp = useMutation({ ...options, mutationFn: authApi.signUp }).mutateAsync;
  const signOut = useMutation({ ...options, mutationFn: authApi.signOut }).mutateAsync;
  // Each mutateAsync is the same function for the hook's life: so is the object.
  return useMemo(() => ({ signIn, twoFactor, signUp, signOut }), [signIn, twoFactor, signUp, signOut]);
}
