/**
 * Every endpoint of Urbana's API, by area: `endpoints.cart.read`, `endpoints.admin.coupons.list`…
 * Each area's file declares its own; this index only gathers them.
 */
import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { publicEndpoints } from './public.ts';

export * from './define.ts';
export { endpointClientSources, endpointGroupExport, endpointGroupFile } from './client-source.ts';

export const endpoints = { ...publicEndpoints, ...accountEndpoints, admin: adminEndpoints } as const;
