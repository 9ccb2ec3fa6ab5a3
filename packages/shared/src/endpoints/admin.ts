/**
 * Staff endpoints (/api/admin/…), reached as `endpoints.admin.<domain>.<name>`: each names its section
 * (docs/spec/product.md §1), whose guard Fastify applies. Declared by subject in admin-*.ts.
 */
import { adminCatalogEndpoints } from './admin-catalog.ts';
import { adminPeopleEndpoints } from './admin-people.ts';
import { adminSalesEndpoints } from './admin-sales.ts';
import { adminServiceEndpoints } from './admin-service.ts';

export const adminEndpoints = {
  ...adminPeopleEndpoints,
  ...adminCatalogEndpoints,
  ...adminSalesEndpoints,
  ...adminServiceEndpoints,
} as const;
