import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  accountSettingsMessages,
  invitationMessages,
  invitationPreviewSchema,
  legalSchema,
  messageSchema,
  paths,
  TERMS_VERSION,
  tokenBodySchema,
  unsubscribeQuerySchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { unsubscribe } from '../../services/account/settings.ts';
import { acceptInvitation, previewInvitation } from '../../services/staff/invitations.ts';

const errors = { 400: messageSchema, 409: messageSchema, 429: messageSchema };

/** Links that arrive by e-mail and the legal contacts: no session needed (issue #24). */
export const accountLinkRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['contas'];
    // RFC 8058's POST body is the form "List-Unsubscribe=One-Click"; only the query matters.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );

    app.get(
      '/legal',
      {
        schema: {
          tags,
          summary: 'Versão vigente dos termos e o contato do encarregado de dados (LGPD art. 41)',
          response: { 200: legalSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { terms_version: TERMS_VERSION, encarregado: deps.config.encarregado };
      },
    );

    // RFC 8058 one-click: mail programs POST here from the List-Unsubscribe header.
    app.post(
      '/email/descadastrar',
      {
        config: { rateLimit: deps.rateLimits.tokens },
        schema: {
          tags,
          summary: 'Descadastro em um clique (List-Unsubscribe-Post)',
          querystring: unsubscribeQuerySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await unsubscribe(deps.db, request.query.token, request.query.tipo, request.ip);
        return { message: accountSettingsMessages.unsubscribed };
      },
    );

    // A person opening the header's address: the page of the site, which confirms with one click.
    app.get(
      '/email/descadastrar',
      {
        schema: {
          tags,
          summary: 'Leva à página de descadastro',
          querystring: unsubscribeQuerySchema,
          response: { 303: z.null() },
        },
      },
      async (request, reply) => {
        const query = new URLSearchParams({ token: request.query.token, tipo: request.query.tipo });
        return reply.redirect(`${paths.descadastrar}?${query.toString()}`, 303);
      },
    );

    app.post(
      '/invitations/preview',
      {
        config: { rateLimit: deps.rateLimits.tokens },
        schema: {
          tags,
          summary: 'Dados do convite para a equipe (email e papel)',
          body: tokenBodySchema,
          response: { 200: invitationPreviewSchema, ...errors },
        },
      },
      async (request) => previewInvitation(deps, request.body.token),
    );

    app.post(
      '/invitations/accept',
      {
        config: { rateLimit: deps.rateLimits.tokens },
        schema: {
          tags,
          summary: 'Aceita o convite: define a senha e cria a conta da equipe',
          body: acceptInvitationBodySchema,
          response: { 201: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await acceptInvitation(deps, request.body, request.ip);
        return reply.code(201).send({ message: invitationMessages.accepted });
      },
    );
  };
