import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints, isStaff, mediaMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { adDetail, adOptions, createAd, deleteAd, listAds, submitAd, updateAd } from '../../services/ads.ts';
import { proofFile } from '../../services/campaigns/proofs.ts';
import {
  deleteMedia,
  getMedia,
  listMedia,
  mediaFile,
  renameMedia,
  uploadMedia,
} from '../../services/media.ts';
import type { StoredObject } from '../../services/storage.ts';

export const UPLOAD_CONTENT_TYPES = /^(application\/octet-stream|image\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/i;

/** Uploads arrive as the raw file body (no multipart): the handler streams it to storage itself. */
export function acceptRawUploads(app: FastifyInstance) {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, payload, done) => done(null, payload));
}

/** The request body as a stream, or a 415 when it came as JSON or a form. */
export function uploadBody(request: FastifyRequest): Readable {
  if (!(request.body instanceof Readable))
    throw new AppError(415, 'Envie o arquivo no corpo da requisição (application/octet-stream).');
  return request.body;
}

/** A stored file under a server-made name, with its real type, never sniffed or run by the browser. */
export function sendStored(reply: FastifyReply, object: StoredObject, filename: string, download = false) {
  const ascii = filename.replace(/[^\w.-]+/g, '_');
  return (
    reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      // A customer's own files: never kept by a cache (issue 22, item 6).
      .header('cache-control', 'private, no-store')
      .send(object.body)
  );
}

/** The media library, ads and proof photos of the signed-in user (only their own; staff read files). */
export const adRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const mediaDeps = { db, storage: deps.storage, config };
    acceptRawUploads(app);
    const { media, proofs, ads } = endpoints;
    const user = app.withTypeProvider<ZodTypeProvider>();
    user.addHook('preValidation', requireUser);
    const viewer = (request: FastifyRequest) => ({
      id: request.user!.id,
      staff: isStaff(request.user, config.adminEmails),
    });

    route(user, media.list, async (request) => listMedia(mediaDeps, request.user!.id));

    route(
      user,
      media.upload,
      async (request, reply) => {
        const length = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(length) && length > config.media.videoMaxBytes)
          throw new AppError(413, mediaMessages.videoTooLarge(config.media.videoMaxBytes));
        const item = await uploadMedia(
          mediaDeps,
          request.user!.id,
          uploadBody(request),
          request.headers['x-file-name'],
        );
        return reply.code(201).send(item);
      },
      {
        bodyLimit: Math.max(config.media.videoMaxBytes, config.media.imageMaxBytes) + 1024 * 1024,
        config: { rateLimit: deps.rateLimits.mediaUploads },
      },
    );

    route(user, media.item, async (request) => getMedia(mediaDeps, request.user!.id, request.params.id));

    route(user, media.rename, async (request) =>
      renameMedia(mediaDeps, request.user!.id, request.params.id, request.body.name),
    );

    route(user, media.remove, async (request, reply) => {
      await deleteMedia(mediaDeps, request.user!.id, request.params.id);
      return reply.code(204).send(null);
    });

    route(user, media.file, async (request, reply) => {
      const { object, filename } = await mediaFile(
        mediaDeps,
        viewer(request),
        request.params.id,
        request.params.variant,
      );
      return sendStored(reply, object, filename);
    });

    route(user, proofs.photo, async (request, reply) => {
      const { object, filename } = await proofFile(
        deps,
        viewer(request),
        request.params.id,
        request.params.variant,
      );
      return sendStored(reply, object, filename);
    });

    route(user, ads.list, async (request) => ({
      items: await listAds(db, request.user!.id, request.query.status),
    }));

    route(user, ads.options, async (request) => {
      if (request.query.anuncio) await adDetail(db, request.query.anuncio, request.user!.id);
      return adOptions(db, request.user!.id, request.query.anuncio ?? null);
    });

    route(user, ads.create, async (request, reply) =>
      reply.code(201).send(await createAd(db, request.user!.id, request.body)),
    );

    route(user, ads.detail, async (request) => adDetail(db, request.params.id, request.user!.id));

    route(user, ads.update, async (request) =>
      updateAd(db, request.user!.id, request.params.id, request.body),
    );

    route(user, ads.submit, async (request) => submitAd(db, request.user!.id, request.params.id, request.ip));

    route(user, ads.remove, async (request, reply) => {
      await deleteAd(db, request.user!.id, request.params.id);
      return reply.code(204).send(null);
    });
  };
