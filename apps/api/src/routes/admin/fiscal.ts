import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listFiscalDocuments, retryFiscalDocument } from '../../services/fiscal/fiscal-documents.ts';
import { actorOf } from './common.ts';

/**
 * /api/admin/fiscal: the fiscal queue (issue #42) — every order's NFS-e, pending, issued, refused with
 * the Sefin's message, cancelled — and "Tentar de novo" once the data is fixed.
 */
export const fiscalAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { fiscal } = endpoints.admin;
    route(app, fiscal.queue, async (request) => ({
      items: await listFiscalDocuments(deps.db, request.query.status),
    }));
    route(app, fiscal.retry, async (request) => {
      await retryFiscalDocument(deps, actorOf(request), request.params.id);
      deps.kickFiscal();
      return { message: 'NFS-e devolvida à fila de emissão.' };
    });
  };
