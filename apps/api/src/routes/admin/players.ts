import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPlayerListSchema,
  houseCreativeInputSchema,
  houseCreativeListSchema,
  houseCreativeMessages,
  adminPlayerSchema,
  noContentSchema,
  playerCreatedSchema,
  playerInputSchema,
  playerMessages,
  PROOF_IMPORT_MAX_BYTES,
  proofImportMessages,
  proofOfPlayImportSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { createPlayer, deletePlayer, getPlayer, listPlayers } from '../../services/players/admin-players.ts';
import { importProofOfPlay } from '../../services/players/proof-import.ts';
import {
  addHouseCreative,
  listHouseCreatives,
  removeHouseCreative,
} from '../../services/players/house-creatives.ts';
import { actorOf, errors, idParams } from './common.ts';

/** The players of the screen faces (issue #43 item 1): a products' matter, so the same section. */
export const playerAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('produtos', deps.config.adminEmails);
    const params = idParams(playerMessages.notFound);
    const rule = () => ({ silenceMinutes: deps.config.playerSilenceMinutes });

    app.get(
      '/telas',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Telas (players) das faces digitais',
          response: { 200: adminPlayerListSchema, ...errors },
        },
      },
      async () => listPlayers(deps.db, rule()),
    );

    app.get(
      '/telas/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Uma tela',
          params,
          response: { 200: adminPlayerSchema, ...errors },
        },
      },
      async (request) => getPlayer(deps.db, request.params.id, rule()),
    );

    app.post(
      '/telas',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Cadastra o player de uma face digital; a chave secreta é mostrada só agora',
          body: playerInputSchema,
          response: { 201: playerCreatedSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createPlayer(deps.db, deps.config.publicUrl, request.body, actorOf(request), rule())),
    );

    app.delete(
      '/telas/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Remove uma tela',
          params,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deletePlayer(deps.db, request.params.id, actorOf(request));
        return reply.code(204).send(null);
      },
    );

    // A signage system's proof-of-play export for one screen (decision 106): the body is the CSV.
    await app.register(async (inner) => {
      const scoped = inner.withTypeProvider<ZodTypeProvider>();
      scoped.addContentTypeParser(
        ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
        { parseAs: 'buffer', bodyLimit: PROOF_IMPORT_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      scoped.post(
        '/telas/:id/exibicoes-csv',
        {
          preValidation: guard,
          bodyLimit: PROOF_IMPORT_MAX_BYTES,
          schema: {
            tags: ['admin'],
            summary: 'Importa a prova de exibição (CSV) exportada pelo sistema de sinalização de uma tela',
            params,
            response: { 200: proofOfPlayImportSchema, ...errors },
          },
        },
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
      );
    });

    // Urbana's house creatives, played in the unsold spots of every screen (decision 101).
    app.get(
      '/criativos-da-casa',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Criativos da casa: tocam nos spots não vendidos das telas',
          response: { 200: houseCreativeListSchema, ...errors },
        },
      },
      async () => listHouseCreatives(deps.db),
    );

    app.post(
      '/criativos-da-casa',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Inclui um arquivo da sua biblioteca nos criativos da casa',
          body: houseCreativeInputSchema,
          response: { 201: houseCreativeListSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addHouseCreative(deps.db, request.body.media_id, actorOf(request))),
    );

    app.delete(
      '/criativos-da-casa/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Retira um criativo da casa',
          params: idParams(houseCreativeMessages.notFound),
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await removeHouseCreative(deps.db, request.params.id, actorOf(request));
        return reply.code(204).send(null);
      },
    );
  };
