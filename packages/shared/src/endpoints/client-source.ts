import type { Endpoint } from './define.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

function body(node: Record<string, unknown>, indent: string): string {
  return Object.entries(node)
    .map(([key, value]) =>
      isEndpoint(value)
        ? `${indent}${key}: { method: '${value.method}', path: '${value.path}' },`
        : `${indent}${key}: {\n${body(value as Record<string, unknown>, `${indent}  `)}\n${indent}},`,
    )
    .join('\n');
}

/**
 * The source of apps/web/src/lib/api-endpoints.ts: every endpoint's method and path, shaped as the
 * table, typed by it (`npm run generate:endpoints` writes it; a test checks it is current).
 */
export function endpointClientSource(table: Record<string, unknown>): string {
  return `/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by \`npm run generate:endpoints\`:
 * each endpoint's method and path, all the web needs at run time; the types come from the table.
 * Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const endpoints: ClientTable<typeof table> = {
${body(table, '  ')}
};
`;
}
