/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `support`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const supportEndpoints: ClientTable<typeof table>['support'] = {
  open: { method: 'POST', path: '/api/support/tickets' },
  list: { method: 'GET', path: '/api/support/tickets' },
  ticket: { method: 'GET', path: '/api/support/tickets/:id' },
  reply: { method: 'POST', path: '/api/support/tickets/:id/messages' },
};
