import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { campaignReport } from '../../services/campaign-reports/build-report.ts';
import { campaignReportPdf } from '../../services/campaign-reports/report-pdf.ts';

/** The campaign report of one of the user's finished orders (issue #23 item 5); another's answers 404. */
export const campaignReportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, storage } = deps;
    const { orders } = endpoints;
    app.addHook('preValidation', requireUser);

    route(app, orders.report, async (request) =>
      campaignReport(db, request.params.id, request.user!.id, deps.config.makegoodThresholdPercent),
    );

    route(app, orders.reportPdf, async (request, reply) => {
      const report = await campaignReport(
        db,
        request.params.id,
        request.user!.id,
        deps.config.makegoodThresholdPercent,
      );
      const pdf = await campaignReportPdf(db, storage, report);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="relatorio-${report.order.code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  };
