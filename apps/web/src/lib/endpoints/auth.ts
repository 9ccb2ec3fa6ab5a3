/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `auth`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const authEndpoints: ClientTable<typeof table>['auth'] = {
  signUp: { method: 'POST', path: '/api/auth/sign-up' },
  signIn: { method: 'POST', path: '/api/auth/sign-in' },
  twoFactor: { method: 'POST', path: '/api/auth/two-factor' },
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
  providers: { method: 'GET', path: '/api/auth/providers' },
  google: { method: 'GET', path: '/api/auth/google' },
  googleCallback: { method: 'GET', path: '/api/auth/google/callback' },
  session: { method: 'GET', path: '/api/auth/session' },
  confirmEmail: { method: 'POST', path: '/api/auth/confirm-email' },
  resendConfirmation: { method: 'POST', path: '/api/auth/resend-confirmation' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
};
