import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSettingsMessages, endpoints, invitationMessages, paths, TERMS_VERSION } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { unsubscribe } from '../../services/account/settings.ts';
import { acceptInvitation, previewInvitation } from '../../services/staff/invitations.ts';

const { accountLinks } = endpoints;

/** Links that arrive by e-mail and the legal contacts: no session needed (issue #24). */
export const accountLinkRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058's POST body is the form "List-Unsubscribe=One-Click"; only the query matters.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );

    route(app, accountLinks.legal, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { terms_version: TERMS_VERSION, encarregado: deps.config.encarregado };
    });

    // RFC 8058 one-click: mail programs POST here from the List-Unsubscribe header.
    route(
      app,
      accountLinks.unsubscribe,
      async (request) => {
        await unsubscribe(deps.db, request.query.token, request.query.tipo, request.ip);
        return { message: accountSettingsMessages.unsubscribed };
      },
      { config: { rateLimit: deps.rateLimits.tokens } },
    );

    // A person opening the header's address: the page of the site, which confirms with one click.
    route(app, accountLinks.unsubscribePage, async (request, reply) => {
      const query = new URLSearchParams({ token: request.query.token, tipo: request.query.tipo });
      return reply.redirect(`${paths.descadastrar}?${query.toString()}`, 303);
    });

    route(
      app,
      accountLinks.invitationPreview,
      async (request) => previewInvitation(deps, request.body.token),
      { config: { rateLimit: deps.rateLimits.tokens } },
    );

    route(
      app,
      accountLinks.acceptInvitation,
      async (request) => {
        await acceptInvitation(deps, request.body, request.ip);
        return { message: invitationMessages.accepted };
      },
      { config: { rateLimit: deps.rateLimits.tokens } },
    );
  };
