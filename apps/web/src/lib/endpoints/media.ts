/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `media`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const mediaEndpoints: ClientTable<typeof table>['media'] = {
  list: { method: 'GET', path: '/api/media' },
  upload: { method: 'POST', path: '/api/media' },
  item: { method: 'GET', path: '/api/media/:id' },
  rename: { method: 'PATCH', path: '/api/media/:id' },
  remove: { method: 'DELETE', path: '/api/media/:id' },
  file: { method: 'GET', path: '/api/media/:id/:variant' },
};
