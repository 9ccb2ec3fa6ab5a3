import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointClientSource, endpoints } from '@urbana/shared';

const generated = fileURLToPath(new URL('../../web/src/lib/api-endpoints.ts', import.meta.url));

describe('o módulo de endpoints da web', () => {
  it('é o que a tabela gera hoje (rode npm run generate:endpoints depois de mudar a tabela)', () => {
    expect(readFileSync(generated, 'utf8')).toBe(endpointClientSource(endpoints));
  });
  it('leva só método e caminho de cada endpoint', () => {
    const source = endpointClientSource({ a: { b: { method: 'GET', path: '/api/x/:id', summary: 's' } } });
    expect(source).toContain("  a: {\n    b: { method: 'GET', path: '/api/x/:id' },\n  },");
    expect(source).not.toContain('summary');
  });
});
