import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointClientSources, endpoints } from '@urbana/shared';

const folder = fileURLToPath(new URL('../../web/src/lib/endpoints/', import.meta.url));

describe('os módulos de endpoints da web', () => {
  it('são os que a tabela gera hoje, um por grupo (rode npm run generate:endpoints depois de mudar a tabela)', () => {
    const sources = endpointClientSources(endpoints);
    expect(readdirSync(folder).sort()).toEqual(Object.keys(sources).sort());
    for (const [file, source] of Object.entries(sources))
      expect(readFileSync(folder + file, 'utf8')).toBe(source);
  });
  it('levam só método e caminho de cada endpoint, num módulo por grupo', () => {
    const sources = endpointClientSources({
      accountLinks: { b: { method: 'GET', path: '/api/x/:id', summary: 's' } },
      admin: { c: { d: { method: 'POST', path: '/api/admin/y' } } },
    });
    expect(Object.keys(sources)).toEqual(['account-links.ts', 'admin.ts']);
    expect(sources['account-links.ts']).toContain(
      "export const accountLinksEndpoints: ClientTable<typeof table>['accountLinks'] = {\n  b: { method: 'GET', path: '/api/x/:id' },\n};",
    );
    expect(sources['account-links.ts']).not.toContain('summary');
    expect(sources['admin.ts']).toContain("  c: {\n    d: { method: 'POST', path: '/api/admin/y' },\n  },");
  });
});
