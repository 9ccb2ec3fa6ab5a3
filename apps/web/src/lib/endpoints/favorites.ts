/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `favorites`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const favoritesEndpoints: ClientTable<typeof table>['favorites'] = {
  list: { method: 'GET', path: '/api/favorites' },
  addMany: { method: 'POST', path: '/api/favorites' },
  add: { method: 'PUT', path: '/api/favorites/:productId' },
  remove: { method: 'DELETE', path: '/api/favorites/:productId' },
  clear: { method: 'DELETE', path: '/api/favorites' },
};
