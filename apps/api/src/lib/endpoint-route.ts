/**
 * Registers a route from its entry in the endpoint table (packages/shared/src/endpoints): method, path
 * (relative to the plugin's prefix), params, query, body and answer schemas, OpenAPI summary and tags,
 * and — for a staff endpoint — its section's guard. The route file keeps only what the server does:
 * the handler and server-only options (a body limit, a rate limit, hooks). docs/decisions/119.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  messageSchema,
  noContentSchema,
  type AdminSection,
  type AnswerIn,
  type BodyOut,
  type Endpoint,
  type HeadersOut,
  type ParamsOut,
  type QueryOut,
} from '@urbana/shared';

/** The error answers every route may give, each `{ message }` in Portuguese. */
const errorAnswers: Record<number, z.ZodType> = Object.fromEntries(
  [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503].map((status) => [status, messageSchema]),
);

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
  Headers: HeadersOut<E>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerIn<E> | FastifyReply | void> | AnswerIn<E> | FastifyReply | void;

export interface EndpointRouteOptions extends Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'config' | 'onRequest' | 'preHandler' | 'onSend'
> {
  /** A guard of the route's own, run before validation (after the section's, when there is one). */
  preValidation?: preValidationAsyncHookHandler;
  /** Error answers other than `{ message }` (e.g. a 409 carrying details). */
  errors?: Record<number, z.ZodType>;
}

/** The section guard the admin plugin decorates (routes/admin/index.ts). */
export type SectionGuardFactory = (section: AdminSection) => preValidationAsyncHookHandler;

export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  if (!e.path.startsWith(app.prefix))
    throw new Error(`${e.path} não fica sob o prefixo ${app.prefix} do plugin que o registra`);
  const status = e.status ?? 200;
  // No content and redirects answer with no body.
  const success = status === 204 || status >= 300 ? noContentSchema : e.answer;
  const guards: preValidationAsyncHookHandler[] = [];
  if (e.section) guards.push(app.getDecorator<SectionGuardFactory>('sectionGuard')(e.section));
  if (options.preValidation) guards.push(options.preValidation);
  const { errors, preValidation: _own, ...serverOptions } = options;
  app.route({
    method: e.method,
    url: e.path.slice(app.prefix.length) || '/',
    ...serverOptions,
    ...(guards.length > 0 ? { preValidation: guards } : {}),
    schema: {
      summary: e.summary,
      ...(e.tags ? { tags: [...e.tags] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      response: { ...(success ? { [status]: success } : {}), ...errorAnswers, ...errors },
    },
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (status === 204 && !reply.sent) return reply.send(null);
      return answer;
    },
  });
}
