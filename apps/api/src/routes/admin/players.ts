import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { createPlayer, deletePlayer, getPlayer, listPlayers } from '../../services/players/admin-players.ts';
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
          .send(
            await createPlayer(deps.db, deps.config.publicUrl, request.body, actorOf(request), rule()),
          ),
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
