import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, PROOF_IMPORT_MAX_BYTES, proofImportMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { createPlayer, deletePlayer, getPlayer, listPlayers } from '../../services/players/admin-players.ts';
import { importProofOfPlay } from '../../services/players/proof-import.ts';
import {
  addHouseCreative,
  listHouseCreatives,
  removeHouseCreative,
} from '../../services/players/house-creatives.ts';
import { actorOf } from './common.ts';

/** The players of the screen faces (issue #43 item 1): a products' matter, so the same section. */
export const playerAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { players, houseCreatives } = endpoints.admin;
    const rule = () => ({ silenceMinutes: deps.config.playerSilenceMinutes });

    route(app, players.list, async () => listPlayers(deps.db, rule()));
    route(app, players.one, async (request) => getPlayer(deps.db, request.params.id, rule()));
    route(app, players.create, async (request) =>
      createPlayer(deps.db, deps.config.publicUrl, request.body, actorOf(request), rule()),
    );
    route(app, players.remove, async (request) => {
      await deletePlayer(deps.db, request.params.id, actorOf(request));
    });

    // A signage system's proof-of-play export for one screen (decision 106): the body is the CSV.
    await app.register(async (inner) => {
      inner.addContentTypeParser(
        ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
        { parseAs: 'buffer', bodyLimit: PROOF_IMPORT_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      route(
        inner,
        players.importProofOfPlay,
        async (request, reply) => {
          if (!Buffer.isBuffer(request.body) || request.body.length === 0)
            return reply.code(400).send({ message: proofImportMessages.empty });
          const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
          let csv: string;
          try {
            csv = text.decode(request.body);
          } catch {
            return reply.code(400).send({ message: proofImportMessages.notText });
          }
          return importProofOfPlay(deps, request.params.id, csv, actorOf(request));
        },
        { bodyLimit: PROOF_IMPORT_MAX_BYTES },
      );
    });

    // Urbana's house creatives, played in the unsold spots of every screen (decision 101).
    route(app, houseCreatives.list, async () => listHouseCreatives(deps.db));
    route(app, houseCreatives.add, async (request) =>
      addHouseCreative(deps.db, request.body.media_id, actorOf(request)),
    );
    route(app, houseCreatives.remove, async (request) => {
      await removeHouseCreative(deps.db, request.params.id, actorOf(request));
    });
  };
