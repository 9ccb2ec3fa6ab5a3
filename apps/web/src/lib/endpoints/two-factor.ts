/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by `npm run generate:endpoints`:
 * the method and path of each endpoint of the group `twoFactor`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const twoFactorEndpoints: ClientTable<typeof table>['twoFactor'] = {
  setup: { method: 'POST', path: '/api/account/two-factor/setup' },
  enable: { method: 'POST', path: '/api/account/two-factor/enable' },
  recoveryCodes: { method: 'POST', path: '/api/account/two-factor/recovery-codes' },
  disable: { method: 'POST', path: '/api/account/two-factor/disable' },
};
