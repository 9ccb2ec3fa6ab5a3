/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `ads`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const adsEndpoints: ClientTable<typeof table>['ads'] = {
  list: { method: 'GET', path: '/api/ads' },
  options: { method: 'GET', path: '/api/ads/opcoes' },
  create: { method: 'POST', path: '/api/ads' },
  detail: { method: 'GET', path: '/api/ads/:id' },
  update: { method: 'PUT', path: '/api/ads/:id' },
  submit: { method: 'POST', path: '/api/ads/:id/enviar' },
  remove: { method: 'DELETE', path: '/api/ads/:id' },
};
