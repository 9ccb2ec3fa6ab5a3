/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `accountLinks`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const accountLinksEndpoints: ClientTable<typeof table>['accountLinks'] = {
  legal: { method: 'GET', path: '/api/legal' },
  unsubscribe: { method: 'POST', path: '/api/email/descadastrar' },
  unsubscribePage: { method: 'GET', path: '/api/email/descadastrar' },
  invitationPreview: { method: 'POST', path: '/api/invitations/preview' },
  acceptInvitation: { method: 'POST', path: '/api/invitations/accept' },
};
