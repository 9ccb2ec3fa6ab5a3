import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignReportParamsSchema, campaignReportSchema, messageSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { campaignReport } from '../../services/campaign-reports/build-report.ts';
import { campaignReportPdf } from '../../services/campaign-reports/report-pdf.ts';
import { readableOrderOwner } from '../../services/agencies/order-scope.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema, 409: messageSchema };

/** The campaign report of one of the user's finished orders (issue #23 item 5); another's answers 404. */
export const campaignReportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, storage } = deps;
    app.addHook('preValidation', requireUser);

    app.get(
      '/orders/:id/relatorio',
      {
        schema: {
          tags: ['pedidos'],
          summary: 'Relatório da campanha de um pedido concluído',
          params: campaignReportParamsSchema,
          response: { 200: campaignReportSchema, ...errors },
        },
      },
      async (request) =>
        campaignReport(
          db,
          request.params.id,
          // Any person of the order's agency reads its report (decision 116).
          await readableOrderOwner(db, request.user!.id, request.params.id),
          deps.config.makegoodThresholdPercent,
        ),
    );

    app.get(
      '/orders/:id/relatorio.pdf',
      {
        schema: {
          tags: ['pedidos'],
          summary: 'Relatório da campanha em PDF',
          params: campaignReportParamsSchema,
        },
      },
      async (request, reply) => {
        const report = await campaignReport(
          db,
          request.params.id,
          await readableOrderOwner(db, request.user!.id, request.params.id),
          deps.config.makegoodThresholdPercent,
        );
        const pdf = await campaignReportPdf(db, storage, report);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="relatorio-${report.order.code}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
