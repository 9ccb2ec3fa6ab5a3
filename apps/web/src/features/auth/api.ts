import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type SignUpBody } from '@urbana/shared';
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { authEndpoints as auth } from '../../lib/endpoints/auth.ts';

export const authApi = {
  session: () => call(auth.session),
  providers: () => call(auth.providers),
  signIn: (body: { email: string; password: string; staff_only?: boolean }) => call(auth.signIn, { body }),
  twoFactor: (body: { challenge: string; code: string }) => call(auth.twoFactor, { body }),
  signUp: (body: SignUpBody) => call(auth.signUp, { body }),
  signOut: () => call(auth.signOut),
  confirmEmail: (token: string) => call(auth.confirmEmail, { body: { token } }),
  resendConfirmation: (email: string) => call(auth.resendConfirmation, { body: { email } }),
  forgotPassword: (email: string) => call(auth.forgotPassword, { body: { email } }),
  resetPassword: (token: string, password: string) => call(auth.resetPassword, { body: { token, password } }),
};

/** Where the "Entrar com Google" link goes: the server redirects to Google. */
export const GOOGLE_SIGN_IN_URL = hrefOf(auth.google);

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
