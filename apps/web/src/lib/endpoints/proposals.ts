/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `proposals`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const proposalsEndpoints: ClientTable<typeof table>['proposals'] = {
  list: { method: 'GET', path: '/api/propostas' },
  request: { method: 'POST', path: '/api/propostas' },
  detail: { method: 'GET', path: '/api/propostas/:id' },
  pdf: { method: 'GET', path: '/api/propostas/:id/pdf' },
  accept: { method: 'POST', path: '/api/propostas/:id/aceitar' },
  counter: { method: 'POST', path: '/api/propostas/:id/contraproposta' },
  decline: { method: 'POST', path: '/api/propostas/:id/recusar' },
};
