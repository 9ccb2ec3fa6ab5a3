/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `catalog`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const catalogEndpoints: ClientTable<typeof table>['catalog'] = {
  config: { method: 'GET', path: '/api/config' },
  places: { method: 'GET', path: '/api/places' },
  search: { method: 'GET', path: '/api/search' },
  searchMap: { method: 'GET', path: '/api/search/mapa' },
  featured: { method: 'GET', path: '/api/products/featured' },
  byIds: { method: 'GET', path: '/api/products' },
  product: { method: 'GET', path: '/api/products/:slug' },
  network: { method: 'GET', path: '/api/network' },
  photo: { method: 'GET', path: '/api/arquivos/catalogo/:name' },
};
