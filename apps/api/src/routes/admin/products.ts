import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageQuery,
  adminProductPageSchema,
  adminProductSchema,
  productInputSchema,
  productTypes,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import {
  adminProduct,
  createProduct,
  listProducts,
  productSorts,
  setProductStatus,
  updateProduct,
} from '../../services/admin-products/products.ts';
import {
  addPhoto,
  PHOTO_MAX_BYTES,
  removePhoto,
  reorderPhotos,
} from '../../services/admin-products/photos.ts';
import { actorOf, errors, idParams } from './common.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const productAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('produtos', deps.config.adminEmails);
    const params = idParams('Produto não encontrado.');

    app.get(
      '/produtos',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Produtos com busca, filtros, ordenação e paginação',
          querystring: z.object({
            ...adminPageQuery,
            type: z.enum(productTypes, { error: 'Tipo inválido.' }).optional(),
            status: z.enum(['ativo', 'inativo'], { error: 'Status inválido.' }).optional(),
            sort: z.enum(productSorts, { error: 'Ordenação inválida.' }).default('created_at'),
          }),
          response: { 200: adminProductPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page, page_size, ...rest } = request.query;
        const result = await listProducts(deps.db, { ...rest, page, pageSize: page_size });
        return { ...result, page, page_size };
      },
    );

    app.get(
      '/produtos/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Um produto com torres e fotos',
          params,
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => adminProduct(deps.db, request.params.id),
    );

    app.post(
      '/produtos',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cria um produto com suas torres',
          body: productInputSchema,
          response: { 201: adminProductSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createProduct(deps, request.body, actorOf(request))),
    );

    app.put(
      '/produtos/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Edita um produto e suas torres',
          params,
          body: productInputSchema,
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => updateProduct(deps, request.params.id, request.body, actorOf(request)),
    );

    app.put(
      '/produtos/:id/status',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Ativa ou desativa um produto',
          params,
          body: z.object({ status: z.enum(['ativo', 'inativo'], { error: 'Status inválido.' }) }),
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => setProductStatus(deps, request.params.id, request.body.status, actorOf(request)),
    );

    app.put(
      '/produtos/:id/fotos/ordem',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Reordena as fotos (a primeira é a capa)',
          params,
          body: z.object({ order: z.array(z.uuid({ error: 'Foto inválida.' })).max(50) }),
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => reorderPhotos(deps, request.params.id, request.body.order, actorOf(request)),
    );

    app.delete(
      '/produtos/:id/fotos/:photoId',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Remove uma foto',
          params: z.object({
            id: z.uuid({ error: 'Produto não encontrado.' }),
            photoId: z.uuid({ error: 'Foto não encontrada.' }),
          }),
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => removePhoto(deps, request.params.id, request.params.photoId, actorOf(request)),
    );

    // The photo is the request body itself (image/jpeg, image/png or image/webp), up to 10 MB.
    await app.register(async (inner) => {
      const scoped = inner.withTypeProvider<ZodTypeProvider>();
      scoped.addContentTypeParser(
        IMAGE_TYPES,
        { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      scoped.post(
        '/produtos/:id/fotos',
        {
          preValidation: guard,
          bodyLimit: PHOTO_MAX_BYTES,
          schema: {
            tags: ['admin'],
            summary: 'Envia uma foto (o corpo é a imagem: JPG, PNG ou WebP, até 10 MB)',
            params,
            querystring: z.object({
              alt: z.string().trim().max(200, { error: 'Descrição longa demais.' }).default(''),
            }),
            response: { 201: adminProductSchema, ...errors },
          },
        },
        async (request, reply) => {
          if (!Buffer.isBuffer(request.body)) {
            return reply.code(415).send({ message: 'Envie a foto como imagem JPG, PNG ou WebP.' });
          }
          return reply
            .code(201)
            .send(await addPhoto(deps, request.params.id, request.body, request.query.alt, actorOf(request)));
        },
      );
    });
  };
