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

/** The file of a group of the table in apps/web/src/lib/endpoints/ (`accountLinks` → `account-links.ts`). */
export const endpointGroupFile = (group: string) =>
  `${group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

/** The name a group's module exports (`catalog` → `catalogEndpoints`). */
export const endpointGroupExport = (group: string) => `${group}Endpoints`;

/**
 * The sources of apps/web/src/lib/endpoints/, one module per group of the table (`catalog`, `cart`,
 * `admin`…): each endpoint's method and path, shaped as the table, typed by it. A page loads only the
 * groups it calls, so the staff's endpoints never reach a public page (`npm run generate:endpoints`
 * writes them; a test checks they are current).
 */
export function endpointClientSources(table: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(table).map(([group, node]) => [
      endpointGroupFile(group),
      `/**
 * Generated from the endpoint table (packages/shared/src/endpoints) by \`npm run generate:endpoints\`:
 * the method and path of each endpoint of the group \`${group}\`, all the web needs at run time; the
 * types come from the table. Do not edit: apps/api/test/endpoint-client.test.ts checks it is current.
 */
import type { ClientTable, endpoints as table } from '@urbana/shared';

export const ${endpointGroupExport(group)}: ClientTable<typeof table>['${group}'] = {
${body(node as Record<string, unknown>, '  ')}
};
`,
    ]),
  );
}
