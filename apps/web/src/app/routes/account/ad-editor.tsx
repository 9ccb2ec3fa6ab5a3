import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  adStatusLabels,
  buildPath,
  knowledgeArticles,
  paths,
  productTypeLabels,
  formatBookingRange,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  AdForm,
  AdStatusBadge,
  MediaThumb,
  mediaFacts,
  useAd,
  type AdDetail,
} from '../../../features/ads/index.ts';
import { HelpLink } from '../../../features/knowledge/index.ts';

/** An ad that can no longer change: what was sent and where it stands. */
function ReadOnly({ ad }: { ad: AdDetail }) {
  return (
    <div className="space-y-6">
      <Alert tone="info">
        Este anúncio está “{adStatusLabels[ad.status]}” e não pode mais ser alterado.
        {ad.status === 'em_analise' ? ' Você recebe o resultado da análise por notificação e email.' : ''}
      </Alert>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">Itens</h2>
        <ul className="space-y-2">
          {ad.items.map((i) => (
            <li key={i.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <p className="font-medium text-slate-900">{i.name}</p>
              <p className="text-slate-700">
                {productTypeLabels[i.type]} · {formatBookingRange(i.start, i.end)} · pedido {i.order_code}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">Arquivos</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {ad.media.map((m) => (
            <li key={m.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <MediaThumb item={m} className="aspect-square" />
              <p className="truncate p-2 text-sm font-medium text-slate-900">{m.name}</p>
              <p className="px-2 pb-2 text-xs text-slate-600">{mediaFacts(m)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /usuario/criar-anuncio and /usuario/editar-anuncio/:id. */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ad = useAd(id);
  const onSaved = (saved: AdDetail) => {
    if (saved.status === 'em_analise') navigate(paths.usuario.meusAnuncios);
    else if (!id) navigate(buildPath(paths.usuario.editarAnuncio, { id: saved.id }), { replace: true });
  };
  if (id && ad.isPending) return <Spinner label="Carregando anúncio..." />;
  if (id && ad.isError) return <Alert>{ad.error.message}</Alert>;
  const current = ad.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {current ? current.name : 'Criar anúncio'}
        </h1>
        {current ? <AdStatusBadge status={current.status} /> : null}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <HelpLink article={knowledgeArticles.envioCriativos}>Como preparar e enviar os criativos</HelpLink>
        <HelpLink article={knowledgeArticles.prazosAnalise}>Prazos de envio e de análise</HelpLink>
      </div>
      {current && !current.editable ? (
        <ReadOnly ad={current} />
      ) : (
        <AdForm key={current?.id ?? 'novo'} ad={current} initialItem={params.get('item')} onSaved={onSaved} />
      )}
    </div>
  );
}
