import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpMessages } from '@urbana/shared';
import { AppError } from '../../lib/errors.ts';
import { isDatabaseDown } from '../../db/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Portuguese message for an unexpected failure of this route (docs/spec/specification.md §8 defaults). */
    defaultError?: string;
  }
}

const fastifyCodeMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, httpMessages.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, httpMessages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, httpMessages.badRequest],
};

const statusMessages: Record<number, string> = {
  401: httpMessages.unauthenticated,
  403: httpMessages.forbidden,
  404: httpMessages.notFound,
  413: httpMessages.payloadTooLarge,
  414: httpMessages.uriTooLong,
  415: httpMessages.unsupportedMediaType,
};

/** The Portuguese message of a 4xx status without a message of its own. */
export function statusMessage(status: number): string {
  return statusMessages[status] ?? httpMessages.badRequest;
}

/**
 * One error handler for the whole API: every failure is answered as `{ message }` in Portuguese,
 * never with a stack trace or SQL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // An outside service that failed (a PSP at checkout): the reason is for the operators' log.
      if (error.statusCode >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A root-level issue means the body itself is missing or not an object.
      const message = first && first.instancePath !== '/' ? first.message : httpMessages.badRequest;
      return reply.code(400).send({ message });
    }
    const mapped = error.code ? fastifyCodeMessages[error.code] : undefined;
    if (mapped) return reply.code(mapped[0]).send({ message: mapped[1] });
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'banco de dados indisponível');
      return reply.code(503).header('retry-after', '5').send({ message: httpMessages.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: httpMessages.tooManyRequests });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: statusMessage(status) });
    }
    request.log.error({ err: error }, 'erro inesperado');
    return reply
      .code(500)
      .send({ message: request.routeOptions.config?.defaultError ?? httpMessages.internal });
  });
}
