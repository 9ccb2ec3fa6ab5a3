import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CampaignStatusBadge } from '../../../features/ads/index.ts';
import { useCampaign } from '../../../features/campaigns/index.ts';
import { Detail } from '../../../features/admin/components/campaign-detail.tsx';

/** /admin/campanhas/:id: one campaign, its ad under review, the run and its proof photos. */
export function Component() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  return (
    <div className="space-y-6">
      <Link
        to={paths.admin.campanhas}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Campanhas
      </Link>
      {campaign.isPending ? (
        <Spinner label="Carregando campanha..." />
      ) : campaign.isError ? (
        <Alert>{campaign.error.message}</Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{campaign.data.product}</h1>
            <CampaignStatusBadge status={campaign.data.status} />
          </div>
          <Detail campaign={campaign.data} />
        </>
      )}
    </div>
  );
}
