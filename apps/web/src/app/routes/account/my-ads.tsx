import { Megaphone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  adStatuses,
  adStatusLabels,
  buildPath,
  knowledgeArticles,
  paths,
  type AdStatus,
  type AdSummary,
  formatDate,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { FilterChip } from '../../../components/ui/filter-chip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AdStatusBadge, useAds } from '../../../features/ads/index.ts';
import { HelpLink } from '../../../features/knowledge/index.ts';
import { AdvertiserFilter } from '../../../features/agencies/index.ts';

function AdRow({ ad }: { ad: AdSummary }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-100">
        {ad.thumb_url ? <img src={ad.thumb_url} alt="" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={buildPath(paths.usuario.editarAnuncio, { id: ad.id })}
            className="font-semibold text-slate-900 hover:underline"
          >
            {ad.name}
          </Link>
          <AdStatusBadge status={ad.status} />
        </div>
        {ad.advertiser ? (
          // An agency's ad is of one advertiser (decision 116).
          <p className="text-sm font-medium text-slate-800" data-testid="anuncio-anunciante">
            Para {ad.advertiser.name}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          {ad.items} {ad.items === 1 ? 'item' : 'itens'} · {ad.summary}
        </p>
        {ad.artwork_deadline && ad.editable ? (
          <p className="text-sm text-amber-800">Prazo da arte: {formatDate(ad.artwork_deadline)}</p>
        ) : null}
        {ad.status === 'reprovado' && ad.review_reason ? (
          <p className="text-sm text-red-800">Motivo: {ad.review_reason}</p>
        ) : null}
      </div>
      <div className="self-center">
        <Button asChild variant={ad.editable ? 'primary' : 'secondary'} size="sm">
          <Link to={buildPath(paths.usuario.editarAnuncio, { id: ad.id })}>
            {ad.editable ? 'Editar' : 'Ver'} <span className="sr-only">{ad.name}</span>
          </Link>
        </Button>
      </div>
    </li>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const status = (adStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as AdStatus)
    : null;
  const advertiser = params.get('anunciante') ?? '';
  const ads = useAds(status, advertiser || null);
  const filter = (next: { status?: string | null; anunciante?: string }) => {
    const merged = { status: status ?? '', anunciante: advertiser, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>);
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Meus anúncios</h1>
        <Button asChild>
          <Link to={paths.usuario.criarAnuncio}>Criar anúncio</Link>
        </Button>
      </div>
      <HelpLink article={knowledgeArticles.prazosAnalise}>
        Quanto tempo leva a análise e o que acontece depois
      </HelpLink>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por status">
        {[null, ...adStatuses].map((s) => (
          <FilterChip key={s ?? 'todos'} pressed={status === s} onClick={() => filter({ status: s })}>
            {s ? adStatusLabels[s] : 'Todos'}
          </FilterChip>
        ))}
      </div>
      <AdvertiserFilter
        id="anuncios-anunciante"
        value={advertiser}
        onChange={(id) => filter({ anunciante: id })}
      />
      {ads.isPending ? (
        <Spinner label="Carregando anúncios..." />
      ) : ads.isError ? (
        <Alert>{ads.error.message}</Alert>
      ) : ads.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Megaphone className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">
            {status || advertiser ? 'Nenhum anúncio com este filtro' : 'Você ainda não criou anúncios'}
          </p>
          <p className="text-sm text-slate-700">
            Depois do pagamento de um pedido, crie o anúncio com a sua arte.
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Anúncios">
          {ads.data.map((ad) => (
            <AdRow key={ad.id} ad={ad} />
          ))}
        </ul>
      )}
    </div>
  );
}
