/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `billing`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const billingEndpoints: ClientTable<typeof table>['billing'] = {
  cnpj: { method: 'GET', path: '/api/cnpj/:cnpj' },
  invoices: { method: 'GET', path: '/api/invoices' },
  summary: { method: 'GET', path: '/api/invoices/summary' },
  invoicePdf: { method: 'GET', path: '/api/invoices/:id/pdf' },
  nfseXml: { method: 'GET', path: '/api/orders/:id/nfse.xml' },
  nfsePdf: { method: 'GET', path: '/api/orders/:id/nfse.pdf' },
  creditNotePdf: { method: 'GET', path: '/api/orders/:id/nota-de-credito.pdf' },
};
