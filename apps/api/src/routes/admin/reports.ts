import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateRangeQuery, occupancyRangeQuery, reportTables, salesReportSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { reportCsv, resolveOccupancyRange, resolveRange, salesReport } from '../../services/admin-reports.ts';
import { errors } from './common.ts';

export const reportAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('relatorios', deps.config.adminEmails);

    app.get(
      '/relatorios',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Vendas por período, produto, cidade e tipo; ocupação; melhores clientes',
          querystring: z.object({ ...dateRangeQuery, ...occupancyRangeQuery }),
          response: { 200: salesReportSchema, ...errors },
        },
      },
      async (request) =>
        salesReport(
          deps.db,
          resolveRange(request.query.from, request.query.to),
          resolveOccupancyRange(request.query.ocupacao_de, request.query.ocupacao_ate),
        ),
    );

    app.get(
      '/relatorios/csv',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Uma tabela do relatório em CSV (UTF-8 com BOM, separador ;)',
          querystring: z.object({
            ...dateRangeQuery,
            ...occupancyRangeQuery,
            tabela: z.enum(reportTables, { error: 'Tabela inválida.' }),
          }),
        },
      },
      async (request, reply) => {
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
      },
    );
  };
