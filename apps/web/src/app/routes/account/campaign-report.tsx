import { Link, useParams } from 'react-router';
import { buildPath, formatDateTime, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  CampaignReportView,
  campaignReportPdfUrl,
  useCampaignReport,
} from '../../../features/campaign-reports/index.ts';

/** /usuario/pedidos/{id}/relatorio: what a finished campaign delivered (issue #23 item 5). */
export function Component() {
  const { orderId = '' } = useParams();
  const report = useCampaignReport(orderId);
  if (report.isPending) return <Spinner label="Carregando o relatório..." className="min-h-[40vh]" />;
  if (report.isError) return <Alert>{report.error.message}</Alert>;
  const r = report.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Relatório da campanha</h1>
          <p className="mt-1 text-sm text-slate-600">
            Pedido {r.order.code}
            {r.finished_at ? ` · encerrada em ${formatDateTime(r.finished_at)}` : ''}
          </p>
        </div>
        <Button asChild variant="secondary">
          <a href={campaignReportPdfUrl(r.order.id)} download>
            Baixar PDF
          </a>
        </Button>
      </div>
      <CampaignReportView report={r} />
      <Link
        to={buildPath(paths.pedido, { orderId: r.order.id })}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Pedido {r.order.code}
      </Link>
    </div>
  );
}
