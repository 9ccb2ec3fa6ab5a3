import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';

/** request.cookies and reply.setCookie: the session cookie (plugins/app/auth.ts) reads and writes here. */
export async function registerCookie(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}
