/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `plans`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const plansEndpoints: ClientTable<typeof table>['plans'] = {
  list: { method: 'GET', path: '/api/planos' },
  create: { method: 'POST', path: '/api/planos' },
  detail: { method: 'GET', path: '/api/planos/:id' },
  map: { method: 'GET', path: '/api/planos/:id/mapa.png' },
  rename: { method: 'PATCH', path: '/api/planos/:id' },
  duplicate: { method: 'POST', path: '/api/planos/:id/duplicar' },
  remove: { method: 'DELETE', path: '/api/planos/:id' },
  share: { method: 'POST', path: '/api/planos/:id/compartilhar' },
  unshare: { method: 'DELETE', path: '/api/planos/:id/compartilhar' },
};
