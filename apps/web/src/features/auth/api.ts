import type { Profile, SessionResponse, SignInResponse } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export const authApi = {
  session: () => api<SessionResponse>('/api/auth/session'),
  providers: () => api<{ google: boolean }>('/api/auth/providers'),
  signIn: (body: { email: string; password: string; staff_only?: boolean }) =>
    api<SignInResponse>('/api/auth/sign-in', { method: 'POST', body }),
  twoFactor: (body: { challenge: string; code: string }) =>
    api<SessionResponse>('/api/auth/two-factor', { method: 'POST', body }),
  signUp: (body: {
    email: string;
    password: string;
    nome_completo: string;
    telefone: string | null;
    terms_version: string;
  }) => api<{ user: Profile; email_confirmed: boolean }>('/api/auth/sign-up', { method: 'POST', body }),
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
