import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageSchema } from '@urbana/shared';
import type { ActorContext } from '../../services/admin.ts';

export const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  415: messageSchema,
};

/** `:id` of a record: an id that is no UUID is answered as the record not found (`notFound`). */
export const idParams = (notFound: string) => z.object({ id: z.uuid({ error: notFound }) });

export const actorOf = (request: FastifyRequest): ActorContext => ({
  actorId: request.user!.id,
  ip: request.ip,
});
