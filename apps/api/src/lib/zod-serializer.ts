import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The response serializer of every route: the answer is checked against its contract
 * (packages/shared) and written as JSON. fastify-type-provider-zod's own serializer runs zod's
 * `encode`, which exists for codecs and takes zod's slow path: 0.93 µs for `{ status: 'ok' }` against
 * 0.03 µs for `safeParse`, 2.7 µs of a bare route's 38 µs of CPU (issue #21, per-request tax). No
 * contract of Urbana transforms its value, so both give the same JSON (apps/api/test/contracts.test.ts
 * holds every route's response schemas to that; apps/api/test/zod-serializer.test.ts compares them).
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
