/**
 * The screens' own API (issue #43 items 2 and 3, decision 101), no session: each request signed with
 * the player's key (`x-urbana-tela-data`, `x-urbana-tela-assinatura`). Its playlist (ETag, so a poll
 * that finds nothing new answers 304), the files of its playlist, and its reports of plays.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, PLAYER_SIGNATURE_HEADER, PLAYER_TIME_HEADER, playerApiMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { mediaFile } from '../../services/media.ts';
import { playlistHasMedia, playlistOf } from '../../services/players/playlist.ts';
import { recordPlays } from '../../services/players/plays.ts';
import { verifyPlayerRequest, type SignedPlayer } from '../../services/players/signature.ts';
import { sendStored } from '../account/ads.ts';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const signedBy = new WeakMap<FastifyRequest, SignedPlayer>();

/** The player that signed this request (set by the routes' preValidation hook). */
const playerOf = (request: FastifyRequest) => signedBy.get(request)!;

/** Every route here is signed by its player: the body's bytes kept for the signature, checked first. */
function signedByPlayers(app: FastifyInstance, deps: AppDeps) {
  // The signature covers the body's bytes: keep them, then parse.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8')));
    } catch {
      done(new AppError(400, 'O corpo da requisição não é um JSON válido.'), undefined);
    }
  });
  // Before the body is validated: a request not signed by the player is refused first.
  app.addHook('preValidation', async (request) => {
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const player = await verifyPlayerRequest(deps.db, {
      playerId: (request.params as { id?: string }).id ?? '',
      method: request.method,
      path: request.url,
      body: rawBodies.get(request) ?? '',
      time: header(PLAYER_TIME_HEADER),
      signature: header(PLAYER_SIGNATURE_HEADER),
    });
    signedBy.set(request, player);
  });
}

export function playerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    signedByPlayers(app, deps);

    route(app, endpoints.players.playlist, async (request, reply) => {
      const playlist = await playlistOf(deps.db, playerOf(request));
      const etag = `"${playlist.version}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return playlist;
    });

    route(app, endpoints.players.media, async (request, reply) => {
      const player = playerOf(request);
      const playlist = await playlistOf(deps.db, player);
      if (!playlistHasMedia(playlist, request.params.mediaId))
        throw new AppError(404, playerApiMessages.mediaNotInPlaylist);
      const mediaDeps = { db: deps.db, storage: deps.storage, config: deps.config };
      const viewer = { id: player.id, staff: true };
      const { object, filename } = await mediaFile(mediaDeps, viewer, request.params.mediaId, 'arquivo');
      return sendStored(reply, object, filename);
    });

    route(app, endpoints.players.plays, async (request) =>
      recordPlays(deps, playerOf(request), request.body),
    );
  };
}
