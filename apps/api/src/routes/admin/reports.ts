import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { reportCsv, resolveOccupancyRange, resolveRange, salesReport } from '../../services/admin-reports.ts';

export const reportAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = endpoints.admin;
    route(app, reports.sales, async (request) =>
      salesReport(
        deps.db,
        resolveRange(request.query.from, request.query.to),
        resolveOccupancyRange(request.query.ocupacao_de, request.query.ocupacao_ate),
      ),
    );
    route(app, reports.csv, async (request, reply) => {
      const report = await salesReport(
        deps.db,
        resolveRange(request.query.from, request.query.to),
        resolveOccupancyRange(request.query.ocupacao_de, request.query.ocupacao_ate),
      );
      const csv = reportCsv(report, request.query.tabela);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body);
    });
  };
