import type { ReactNode } from 'react';
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
import { ApiError } from '../../../lib/api-client.ts';

/** The way back to the order, under the report and under its "not ready yet". */
function BackToOrder({ orderId, children }: { orderId: string; children: ReactNode }) {
  return (
    <Link
      to={buildPath(paths.pedido, { orderId })}
      className="text-sm font-semibold text-brand-700 hover:underline"
    >
      ← {children}
    </Link>
  );
}

function Title() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Relatório da campanha</h1>;
}

/** /usuario/pedidos/{id}/relatorio: what a finished campaign delivered (issue #23 item 5). */
export function Component() {
  const { orderId = '' } = useParams();
  const report = useCampaignReport(orderId);
  if (report.isPending) return <Spinner label="Carregando o relatório..." className="min-h-[40vh]" />;
  if (report.isError) {
    // Not ready yet (409): the server's sentence says when; an information, not an error, with the way
    // back to the order (issue #40 item 9).
    const notReady = report.error instanceof ApiError && report.error.status === 409;
    return (
      <div className="space-y-6">
        <Title />
        <Alert tone={notReady ? 'info' : 'error'}>{report.error.message}</Alert>
        <BackToOrder orderId={orderId}>Voltar ao pedido</BackToOrder>
      </div>
    );
  }
  const r = report.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Title />
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
      <BackToOrder orderId={r.order.id}>Pedido {r.order.code}</BackToOrder>
    </div>
  );
}
