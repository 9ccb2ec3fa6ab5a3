import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fiscalQueueQuery, fiscalQueueSchema, messageSchema, nfseMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { listFiscalDocuments, retryFiscalDocument } from '../../services/fiscal/fiscal-documents.ts';
import { actorOf, errors, idParams } from './common.ts';

/**
 * /api/admin/fiscal: the fiscal queue (issue #42) — every order's NFS-e, pending, issued, refused with
 * the Sefin's message, cancelled — and "Tentar de novo" once the data is fixed.
 */
export const fiscalAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('fiscal', deps.config.adminEmails);
    const tags = ['admin'];

    app.get(
      '/fiscal',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'A fila fiscal: NFS-e pendentes, emitidas, recusadas e canceladas',
          querystring: fiscalQueueQuery,
          response: { 200: fiscalQueueSchema, ...errors },
        },
      },
      async (request) => ({ items: await listFiscalDocuments(deps.db, request.query.status) }),
    );

    app.post(
      '/fiscal/:id/tentar-de-novo',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Devolve à fila uma NFS-e recusada, não emitida ou com cancelamento recusado',
          params: idParams(nfseMessages.notFound),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await retryFiscalDocument(deps, actorOf(request), request.params.id);
        deps.kickFiscal();
        return { message: 'NFS-e devolvida à fila de emissão.' };
      },
    );
  };
