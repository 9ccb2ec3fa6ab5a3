/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `mediaKit`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const mediaKitEndpoints: ClientTable<typeof table>['mediaKit'] = {
  read: { method: 'GET', path: '/api/midia-kit' },
  pdf: { method: 'GET', path: '/api/midia-kit/pdf' },
};
