import {
  formatDate,
  formatDocument,
  formatInteger,
  productTypeLabels,
  type CampaignReport,
  type CampaignReportFace,
  type ProductType,
  facesLine,
} from '@urbana/shared';
import { Card } from '../../components/ui/card.tsx';
import { DeliveryView } from './delivery-view.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

function Face({ face }: { face: CampaignReportFace }) {
  const ran =
    face.ran_from && face.ran_to
      ? `de ${formatDate(face.ran_from)} até ${formatDate(face.ran_to)}`
      : 'Não chegou a veicular';
  return (
    <Card>
      <article aria-label={face.product} className="space-y-4">
        <header>
          <h2 className="text-lg font-semibold text-slate-900">{face.product}</h2>
          <p className="text-sm text-slate-600">
            {productTypeLabels[face.type as ProductType] ?? face.type} · {face.city} – {face.state}
            {face.towers.length ? ` · ${facesLine(face.type, face.towers)}` : ''}
          </p>
        </header>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Período reservado</dt>
            <dd className="font-medium text-slate-900">
              de {formatDate(face.booked_start)} até {formatDate(face.booked_last_day)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">No ar</dt>
            <dd className="font-medium text-slate-900" data-testid="periodo-no-ar">
              {ran} · {face.days_on_air} {face.days_on_air === 1 ? 'dia' : 'dias'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Audiência reservada</dt>
            <dd className="font-medium text-slate-900">{formatInteger(face.booked_audience)} impactos</dd>
          </div>
          <div>
            <dt className="text-slate-500">
              {face.impressions_basis === 'exibicoes'
                ? 'Impressões das exibições entregues'
                : 'Impressões estimadas nos dias no ar'}
            </dt>
            <dd className="font-medium text-slate-900" data-testid="impressoes-estimadas">
              {formatInteger(face.estimated_impressions)}
            </dd>
          </div>
        </dl>
        {face.early_end_reason ? (
          <p className="text-sm text-slate-600">Encerrada antes do fim do período: {face.early_end_reason}</p>
        ) : null}
        <DeliveryView face={face} />
        <section aria-label={`Fotos de comprovação de ${face.product}`}>
          <h3 className="text-sm font-semibold text-slate-900">Fotos de comprovação</h3>
          {face.proofs.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Nenhuma foto de comprovação foi enviada.</p>
          ) : (
            <ol className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {face.proofs.map((proof) => (
                <li key={proof.id}>
                  <a href={proof.url} target="_blank" rel="noreferrer" className="block">
                    <img
                      src={proof.thumb_url}
                      alt={proof.caption || `Foto de ${formatDate(proof.taken_on)}`}
                      className="aspect-[3/2] w-full rounded-lg object-cover ring-1 ring-slate-200"
                      loading="lazy"
                    />
                  </a>
                  <p className="mt-1 text-xs text-slate-600">
                    <time dateTime={proof.taken_on}>{formatDate(proof.taken_on)}</time>
                    {proof.caption ? ` · ${proof.caption}` : ''}
                    {proof.place_line ? <span className="block">{proof.place_line}</span> : null}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </article>
    </Card>
  );
}

/** The report: the totals, then each face with its days on air, figures and photo timeline. */
export function CampaignReportView({ report }: { report: CampaignReport }) {
  const advertiser = report.order.advertiser;
  return (
    <div className="space-y-4">
      {advertiser ? (
        // An agency's campaign runs for one of its advertisers (decision 116).
        <p className="text-sm text-slate-700" data-testid="relatorio-anunciante">
          Anunciante: <span className="font-semibold">{advertiser.name}</span> · CNPJ{' '}
          {formatDocument(advertiser.document)}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label="Audiência reservada" value={formatInteger(report.totals.booked_audience)} />
        <Figure label="Impressões estimadas" value={formatInteger(report.totals.estimated_impressions)} />
        <Figure label="Fotos de comprovação" value={formatInteger(report.totals.proofs)} />
      </div>
      <p className="text-xs text-slate-500">
        Impressões estimadas = audiência semanal das faces ÷ 7 × dias no ar; numa tela com player, as
        exibições relatadas pela tela × as impressões de uma exibição (audiência semanal ÷ exibições por
        semana do loop). A audiência é a estimativa do catálogo Urbana.
      </p>
      {report.faces.map((face) => (
        <Face key={face.item_id} face={face} />
      ))}
    </div>
  );
}
