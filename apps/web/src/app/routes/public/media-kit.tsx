import { ArrowRight, Download } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buildPath, paths, productTypeLabels, formatDate, formatInteger, formatMoney } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useAppConfig } from '../../../features/catalog/index.ts';
import {
  BarChart,
  MEDIA_KIT_PDF_URL,
  useMediaKit,
  type MediaKit,
} from '../../../features/media-kit/index.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

// Leaflet loads with this page only, and only when the map nears the screen.
const ResultsMap = lazy(() => import('../../../features/catalog/components/results-map.tsx'));

const headline = (kit: MediaKit) =>
  [
    ['locais', 'Locais', kit.locations],
    ['cidades', 'Cidades', kit.cities],
    ['estados', 'Estados', kit.states],
    ['telas', 'Telas e faces', kit.screens],
    ['audiencia', 'Impactos por semana', kit.weekly_audience],
  ] as const;

const th = 'px-3 py-2 text-right font-semibold first:text-left';
const td = 'px-3 py-2 text-right tabular-nums first:text-left';

function NetworkMap({ kit }: { kit: MediaKit }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const config = useAppConfig();
  const navigate = useNavigate();
  const first = kit.points[0];
  return (
    <div ref={ref} className="h-80 sm:h-[28rem]">
      {near && config.data && first ? (
        <Suspense fallback={<div className="h-full animate-pulse rounded-xl bg-slate-200" />}>
          <ResultsMap
            className="h-full"
            label="Mapa dos locais da rede"
            points={kit.points}
            center={{ lat: first.latitude, lng: first.longitude }}
            tileUrl={config.data.tile_url}
            attribution={config.data.tile_attribution}
            highlighted={null}
            onHighlight={() => {}}
            onOpen={(slug) => navigate(buildPath(paths.local, { slug }))}
            fitKey="rede"
          />
        </Suspense>
      ) : (
        <div className="h-full rounded-xl bg-slate-200" />
      )}
    </div>
  );
}

export function Component() {
  const kit = useMediaKit();

  return (
    <div className="space-y-12">
      <header className="flex flex-wrap items-end justify-between gap-6">
        <div className="max-w-3xl space-y-3">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Mídia kit</h1>
          <p className="text-lg text-slate-600">
            A rede Urbana em números: telas em torres, painéis de LED, outdoors, empenas e mobiliário urbano,
            contados do catálogo ativo
            {kit.data ? ` em ${formatDate(new Date(kit.data.generated_at))}` : ''}.
          </p>
        </div>
        <div className="space-y-1">
          <a href={MEDIA_KIT_PDF_URL} download className={buttonVariants({ size: 'lg' })}>
            <Download className="h-5 w-5" aria-hidden="true" />
            Baixar mídia kit
          </a>
          <p className="text-xs text-slate-600">PDF com os mesmos números desta página.</p>
        </div>
      </header>

      {kit.isPending ? (
        <div role="status" aria-live="polite" className="space-y-6">
          <span className="sr-only">Carregando os números da rede...</span>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-200" />
            ))}
          </div>
          <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
        </div>
      ) : kit.isError ? (
        <div className="space-y-3">
          <Alert>Não foi possível carregar os números da rede agora.</Alert>
          <Button variant="secondary" onClick={() => void kit.refetch()}>
            Tentar de novo
          </Button>
        </div>
      ) : kit.data.locations === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">A rede ainda não tem locais ativos.</p>
          <p className="mt-1 text-sm text-slate-600">
            Os números aparecem aqui assim que o catálogo for publicado.
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="numeros">
            <h2 id="numeros" className="sr-only">
              A rede em números
            </h2>
            <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
              {headline(kit.data).map(([id, label, value]) => (
                <div
                  key={id}
                  className="rounded-xl border border-slate-200 bg-white p-5 last:col-span-2 md:last:col-span-1"
                >
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd
                    data-testid={`numero-${id}`}
                    className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl"
                  >
                    {formatInteger(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="por-tipo" className="space-y-4">
            <h2 id="por-tipo" className="text-2xl font-bold tracking-tight text-slate-900">
              Por tipo de mídia
            </h2>
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                title="Impactos por semana, por tipo"
                unit="impactos por semana"
                rows={kit.data.by_type.map((t) => ({
                  key: t.type,
                  label: productTypeLabels[t.type],
                  value: t.weekly_audience,
                }))}
              />
              <div
                tabIndex={0}
                role="region"
                aria-label="Tabela por tipo de mídia"
                className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <table className="w-full text-sm">
                  <caption className="sr-only">
                    Locais, telas, audiência e preço inicial por tipo de mídia
                  </caption>
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      <th scope="col" className={th}>
                        Tipo
                      </th>
                      <th scope="col" className={th}>
                        Locais
                      </th>
                      <th scope="col" className={th}>
                        Telas e faces
                      </th>
                      <th scope="col" className={th}>
                        A partir de (dia)
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 text-slate-800">
                    {kit.data.by_type.map((t) => (
                      <tr key={t.type} data-testid={`tipo-${t.type}`}>
                        <th scope="row" className={`${td} font-medium`}>
                          {productTypeLabels[t.type]}
                        </th>
                        <td className={td}>{formatInteger(t.locations)}</td>
                        <td className={td}>{formatInteger(t.screens)}</td>
                        <td className={td}>{t.locations > 0 ? formatMoney(t.min_daily_price) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </section>

          <section aria-labelledby="mapa-rede" className="space-y-4">
            <h2 id="mapa-rede" className="text-2xl font-bold tracking-tight text-slate-900">
              Onde estamos
            </h2>
            <p className="text-slate-600">
              Cada marcador é um local com o preço por dia; aproxime o mapa para separar os grupos e abra um
              local para ver fotos, audiência e datas livres.
            </p>
            <NetworkMap kit={kit.data} />
          </section>

          <section
            aria-labelledby="por-estado"
            className="space-y-4 [contain-intrinsic-size:auto_640px] [content-visibility:auto]"
          >
            <h2 id="por-estado" className="text-2xl font-bold tracking-tight text-slate-900">
              Por estado
            </h2>
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                title="Impactos por semana, por estado"
                unit="impactos por semana"
                rows={kit.data.by_state.slice(0, 12).map((s) => ({
                  key: s.state,
                  label: s.name,
                  value: s.weekly_audience,
                }))}
              />
              <div
                tabIndex={0}
                role="region"
                aria-label="Tabela por estado"
                className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <table className="w-full text-sm">
                  <caption className="sr-only">Locais, cidades, telas e audiência por estado</caption>
                  <thead className="sticky top-0 bg-slate-50 text-slate-700">
                    <tr>
                      <th scope="col" className={th}>
                        Estado
                      </th>
                      <th scope="col" className={th}>
                        Locais
                      </th>
                      <th scope="col" className={th}>
                        Cidades
                      </th>
                      <th scope="col" className={th}>
                        Telas
                      </th>
                      <th scope="col" className={th}>
                        Impactos/semana
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 text-slate-800">
                    {kit.data.by_state.map((s) => (
                      <tr key={s.state} data-testid={`estado-${s.state}`}>
                        <th scope="row" className={`${td} font-medium`}>
                          {s.name} ({s.state})
                        </th>
                        <td className={td}>{formatInteger(s.locations)}</td>
                        <td className={td}>{formatInteger(s.cities)}</td>
                        <td className={td}>{formatInteger(s.screens)}</td>
                        <td className={td}>{formatInteger(s.weekly_audience)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </section>

          <section
            aria-labelledby="cidades"
            className="space-y-4 [contain-intrinsic-size:auto_640px] [content-visibility:auto]"
          >
            <h2 id="cidades" className="text-2xl font-bold tracking-tight text-slate-900">
              Cidades de maior audiência
            </h2>
            <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
              {kit.data.top_cities.map((c, i) => (
                <li key={`${c.city}-${c.state}`} className="rounded-xl border border-slate-200 bg-white p-4">
                  <p className="text-sm text-slate-600">{i + 1}º</p>
                  <p className="font-semibold text-slate-900">
                    {c.city} – {c.state}
                  </p>
                  <p className="text-sm text-slate-700">
                    {formatInteger(c.locations)} {c.locations === 1 ? 'local' : 'locais'} ·{' '}
                    {formatInteger(c.weekly_audience)} impactos/semana
                  </p>
                </li>
              ))}
            </ol>
          </section>

          <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-brand-900 p-8 text-white">
            <div>
              <h2 className="text-xl font-bold">Monte sua campanha</h2>
              <p className="mt-1 text-brand-100">Preços públicos, reserva por semana e pagamento por Pix.</p>
            </div>
            <Link to={paths.buscarLocais} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
              Buscar locais <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </section>
        </>
      )}
    </div>
  );
}
