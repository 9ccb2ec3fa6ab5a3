import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import {
  adminProduct,
  createProduct,
  listProducts,
  setProductStatus,
  updateProduct,
} from '../../services/admin-products/products.ts';
import {
  addPhoto,
  PHOTO_MAX_BYTES,
  removePhoto,
  reorderPhotos,
} from '../../services/admin-products/photos.ts';
import { actorOf } from './common.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const productAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { products } = endpoints.admin;

    route(app, products.list, async (request) => {
      const { page, page_size, ...rest } = request.query;
      const result = await listProducts(deps.db, { ...rest, page, pageSize: page_size });
      return { ...result, page, page_size };
    });
    route(app, products.one, async (request) => adminProduct(deps.db, request.params.id));
    route(app, products.create, async (request) => createProduct(deps, request.body, actorOf(request)));
    route(app, products.update, async (request) =>
      updateProduct(deps, request.params.id, request.body, actorOf(request)),
    );
    route(app, products.setStatus, async (request) =>
      setProductStatus(deps, request.params.id, request.body.status, actorOf(request)),
    );
    route(app, products.reorderPhotos, async (request) =>
      reorderPhotos(deps, request.params.id, request.body.order, actorOf(request)),
    );
    route(app, products.removePhoto, async (request) =>
      removePhoto(deps, request.params.id, request.params.photoId, actorOf(request)),
    );

    // The photo is the request body itself (image/jpeg, image/png or image/webp), up to 10 MB.
    await app.register(async (inner) => {
      inner.addContentTypeParser(
        IMAGE_TYPES,
        { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      route(
        inner,
        products.uploadPhoto,
        async (request, reply) => {
          if (!Buffer.isBuffer(request.body)) {
            return reply.code(415).send({ message: 'Envie a foto como imagem JPG, PNG ou WebP.' });
          }
          return addPhoto(deps, request.params.id, request.body, request.query.alt, actorOf(request));
        },
        { bodyLimit: PHOTO_MAX_BYTES },
      );
    });
  };
