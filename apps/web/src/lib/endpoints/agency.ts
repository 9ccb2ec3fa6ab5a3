/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `agency`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const agencyEndpoints: ClientTable<typeof table>['agency'] = {
  mine: { method: 'GET', path: '/api/agencia' },
  register: { method: 'POST', path: '/api/agencia' },
  update: { method: 'PUT', path: '/api/agencia' },
  addMember: { method: 'POST', path: '/api/agencia/pessoas' },
  advertisers: { method: 'GET', path: '/api/agencia/anunciantes' },
  createAdvertiser: { method: 'POST', path: '/api/agencia/anunciantes' },
  advertiser: { method: 'GET', path: '/api/agencia/anunciantes/:id' },
  updateAdvertiser: { method: 'PUT', path: '/api/agencia/anunciantes/:id' },
  insertionOrder: { method: 'GET', path: '/api/agencia/pedidos/:id/pi' },
  insertionOrderPdf: { method: 'GET', path: '/api/agencia/pedidos/:id/pi.pdf' },
  approveInsertionOrder: { method: 'POST', path: '/api/agencia/pedidos/:id/pi/aprovar' },
};
