import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adBodySchema,
  adDetailSchema,
  adListQuerySchema,
  adListSchema,
  adMessages,
  adOptionsQuerySchema,
  adOptionsSchema,
  isStaff,
  mediaItemSchema,
  mediaLibrarySchema,
  mediaMessages,
  mediaRenameBodySchema,
  messageSchema,
  noContentSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { adDetail, adOptions, createAd, deleteAd, submitAd, updateAd } from '../../services/ads.ts';
import { listAds } from '../../services/ads-list.ts';
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

const errors = {
  400: messageSchema,
  401: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  415: messageSchema,
  422: messageSchema,
};

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

const mediaId = z.object({ id: z.string().uuid({ error: mediaMessages.notFound }) });
const adId = z.object({ id: z.string().uuid({ error: adMessages.notFound }) });
const variant = z.enum(['arquivo', 'miniatura'], { error: 'Arquivo não encontrado.' });

/** The media library, ads and proof photos of the signed-in user (only their own; staff read files). */
export const adRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const mediaDeps = { db, storage: deps.storage, config };
    acceptRawUploads(app);
    const user = app.withTypeProvider<ZodTypeProvider>();
    user.addHook('preValidation', requireUser);
    const viewer = (request: FastifyRequest) => ({
      id: request.user!.id,
      staff: isStaff(request.user, config.adminEmails),
    });

    user.get(
      '/media',
      {
        schema: {
          tags: ['mídias'],
          summary: 'A biblioteca de mídias, o espaço usado e os limites',
          response: { 200: mediaLibrarySchema, ...errors },
        },
      },
      async (request) => listMedia(mediaDeps, request.user!.id),
    );

    user.post(
      '/media',
      {
        bodyLimit: Math.max(config.media.videoMaxBytes, config.media.imageMaxBytes) + 1024 * 1024,
        config: { rateLimit: deps.rateLimits.mediaUploads },
        schema: {
          tags: ['mídias'],
          summary:
            'Envia um arquivo (corpo = bytes do arquivo; nome em X-File-Name). JPG, PNG, WebP ou MP4, conferidos pelo conteúdo',
          headers: z.object({ 'x-file-name': z.string().max(1000).optional() }),
          response: { 201: mediaItemSchema, ...errors },
        },
      },
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
    );

    user.get(
      '/media/:id',
      {
        schema: {
          tags: ['mídias'],
          summary: 'Detalhes de um arquivo e onde ele é usado',
          params: mediaId,
          response: { 200: mediaItemSchema, ...errors },
        },
      },
      async (request) => getMedia(mediaDeps, request.user!.id, request.params.id),
    );

    user.patch(
      '/media/:id',
      {
        schema: {
          tags: ['mídias'],
          summary: 'Renomeia um arquivo',
          params: mediaId,
          body: mediaRenameBodySchema,
          response: { 200: mediaItemSchema, ...errors },
        },
      },
      async (request) => renameMedia(mediaDeps, request.user!.id, request.params.id, request.body.name),
    );

    user.delete(
      '/media/:id',
      {
        schema: {
          tags: ['mídias'],
          summary: 'Exclui um arquivo (recusado enquanto um anúncio ativo o usa)',
          params: mediaId,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteMedia(mediaDeps, request.user!.id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    user.get(
      '/media/:id/:variant',
      {
        schema: {
          tags: ['mídias'],
          summary: 'O arquivo ou sua miniatura (dono ou equipe)',
          params: z.object({ id: mediaId.shape.id, variant }),
        },
      },
      async (request, reply) => {
        const { object, filename } = await mediaFile(
          mediaDeps,
          viewer(request),
          request.params.id,
          request.params.variant,
        );
        return sendStored(reply, object, filename);
      },
    );

    user.get(
      '/comprovacoes/:id/:variant',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Foto de comprovação de veiculação (dono do pedido ou equipe)',
          params: z.object({ id: z.string().uuid({ error: 'Foto não encontrada.' }), variant }),
        },
      },
      async (request, reply) => {
        const { object, filename } = await proofFile(
          deps,
          viewer(request),
          request.params.id,
          request.params.variant,
        );
        return sendStored(reply, object, filename);
      },
    );

    user.get(
      '/ads',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Meus anúncios, com filtro de status',
          querystring: adListQuerySchema,
          response: { 200: adListSchema, ...errors },
        },
      },
      async (request) => ({ items: await listAds(db, request.user!.id, request.query) }),
    );

    user.get(
      '/ads/opcoes',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Os itens reservados em que um anúncio pode rodar (com prazo de envio da arte)',
          querystring: adOptionsQuerySchema,
          response: { 200: adOptionsSchema, ...errors },
        },
      },
      async (request) => {
        if (request.query.anuncio) await adDetail(db, request.query.anuncio, request.user!.id);
        return adOptions(db, request.user!.id, request.query.anuncio ?? null);
      },
    );

    user.post(
      '/ads',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Cria um anúncio (rascunho); cada arquivo é conferido com a especificação de cada item',
          body: adBodySchema,
          response: { 201: adDetailSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createAd(db, request.user!.id, request.body)),
    );

    user.get(
      '/ads/:id',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Um anúncio',
          params: adId,
          response: { 200: adDetailSchema, ...errors },
        },
      },
      async (request) => adDetail(db, request.params.id, request.user!.id),
    );

    user.put(
      '/ads/:id',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Altera um anúncio em rascunho ou reprovado',
          params: adId,
          body: adBodySchema,
          response: { 200: adDetailSchema, ...errors },
        },
      },
      async (request) => updateAd(db, request.user!.id, request.params.id, request.body),
    );

    user.post(
      '/ads/:id/enviar',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Envia o anúncio para análise (dentro do prazo de envio da arte)',
          params: adId,
          response: { 200: adDetailSchema, ...errors },
        },
      },
      async (request) => submitAd(db, request.user!.id, request.params.id, request.ip),
    );

    user.delete(
      '/ads/:id',
      {
        schema: {
          tags: ['anúncios'],
          summary: 'Exclui um rascunho',
          params: adId,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAd(db, request.user!.id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
