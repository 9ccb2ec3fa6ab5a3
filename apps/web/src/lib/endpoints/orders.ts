/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `orders`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const ordersEndpoints: ClientTable<typeof table>['orders'] = {
  place: { method: 'POST', path: '/api/orders' },
  list: { method: 'GET', path: '/api/orders' },
  detail: { method: 'GET', path: '/api/orders/:id' },
  pix: { method: 'GET', path: '/api/orders/:id/pix' },
  cancel: { method: 'POST', path: '/api/orders/:id/cancel' },
  report: { method: 'GET', path: '/api/orders/:id/relatorio' },
  reportPdf: { method: 'GET', path: '/api/orders/:id/relatorio.pdf' },
};
