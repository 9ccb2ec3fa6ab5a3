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

/** Admin answers are documented by their TypeScript types; the error answers are always `{ message }`. */
export const ok = { 200: z.any(), 201: z.any() };

export const idParams = (what: string) => z.object({ id: z.uuid({ error: `${what} não encontrado.` }) });

export const actorOf = (request: FastifyRequest): ActorContext => ({
  actorId: request.user!.id,
  ip: request.ip,
});

/** A list answer: the page of items and where it sits. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), page_size: z.number(), items: z.array(item) });
