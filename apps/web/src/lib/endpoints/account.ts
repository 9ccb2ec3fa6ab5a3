/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `account`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const accountEndpoints: ClientTable<typeof table>['account'] = {
  overview: { method: 'GET', path: '/api/account' },
  updateProfile: { method: 'PATCH', path: '/api/account/profile' },
  changeEmail: { method: 'POST', path: '/api/account/email' },
  confirmEmail: { method: 'POST', path: '/api/account/email/confirm' },
  changePassword: { method: 'POST', path: '/api/account/password' },
  sessions: { method: 'GET', path: '/api/account/sessions' },
  endOtherSessions: { method: 'POST', path: '/api/account/sessions/end-others' },
  emailPreferences: { method: 'PUT', path: '/api/account/email-preferences' },
  acceptTerms: { method: 'POST', path: '/api/account/terms' },
  requestExport: { method: 'POST', path: '/api/account/exports' },
  exports: { method: 'GET', path: '/api/account/exports' },
  downloadExport: { method: 'GET', path: '/api/account/exports/:id/download' },
  delete: { method: 'POST', path: '/api/account/delete' },
};
