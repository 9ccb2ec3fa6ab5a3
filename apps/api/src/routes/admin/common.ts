import type { FastifyRequest } from 'fastify';
import type { ActorContext } from '../../services/admin.ts';

export const actorOf = (request: FastifyRequest): ActorContext => ({
  actorId: request.user!.id,
  ip: request.ip,
});
