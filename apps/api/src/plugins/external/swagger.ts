import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsCsp } from './security.ts';

/**
 * The OpenAPI document generated from the routes' zod schemas (/api/docs/json) and its reader at
 * /api/docs, whose own Content-Security-Policy allows the reader's inline script.
 */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Urbana API',
        description: 'API do marketplace de mídia exterior Urbana.',
        version: '0.1.0',
      },
      components: { securitySchemes: { sessao: { type: 'apiKey', in: 'cookie', name: 'urbana_sessao' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });
}
