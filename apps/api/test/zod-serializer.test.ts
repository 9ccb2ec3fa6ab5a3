import { describe, expect, it } from 'vitest';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, networkStatsSchema } from '@urbana/shared';
import { serializerCompiler } from '../src/lib/zod-serializer.ts';

const serializer = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never);

describe('serializador das respostas', () => {
  it('escreve o JSON do contrato, sem as chaves que ele não declara, como o encode do zod', () => {
    const answer = { status: 'ok', database: 'ok', driver: 'pg', password_hash: 'segredo' };
    const json = serializer(healthSchema)(answer);
    expect(JSON.parse(json)).toEqual({ status: 'ok', database: 'ok', driver: 'pg' });
    expect(json).toBe(JSON.stringify(z.encode(healthSchema, answer as never)));
  });

  it('recusa uma resposta fora do contrato com o erro de serialização da rota', () => {
    const write = serializer(networkStatsSchema);
    expect(() => write({ cities: 'muitas' })).toThrow(ResponseSerializationError);
  });
});
