import { Link } from 'react-router';
import {
  buildPath,
  daysOnAir,
  paths,
  todayInBrasilia,
  type OrderItemCampaign,
  formatDate,
} from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { AdStatusBadge, CampaignStatusBadge } from './status-badge.tsx';

export type ItemCampaignInfo = OrderItemCampaign;

/**
 * The days a campaign was on air, as its report counts them (`daysOnAir`): inside the booked period,
 * so a campaign finished the day after its last day ran until its last day (issue #40 item 7).
 */
function onAirText(booked: { start: string; weeks: number }, campaign: ItemCampaignInfo): string | null {
  if (!campaign.started_at) return null;
  const started = todayInBrasilia(new Date(campaign.started_at));
  if (!campaign.finished_at) {
    return `no ar desde ${formatDate(started > booked.start ? started : booked.start)}`;
  }
  const ran = daysOnAir(booked, started, todayInBrasilia(new Date(campaign.finished_at)));
  return ran.from && ran.to ? `no ar de ${formatDate(ran.from)} até ${formatDate(ran.to)}` : null;
}

/** On the order page: an item's ad, its campaign state and the proof-of-play photos with their dates. */
export function ItemCampaign({
  itemId,
  booked,
  campaign,
}: {
  itemId: string;
  booked: { start: string; weeks: number };
  campaign: ItemCampaignInfo;
}) {
  const onAir = onAirText(booked, campaign);
  return (
    <div className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-800">Campanha:</span>
        <CampaignStatusBadge status={campaign.status} />
        {onAir ? (
          <span className="text-slate-700" data-testid="campanha-no-ar">
            {onAir}
          </span>
        ) : null}
      </div>
      {campaign.early_end_reason ? (
        <p className="text-sm text-slate-700">
          Encerrada antes do fim do período reservado. Motivo: {campaign.early_end_reason}
        </p>
      ) : null}
      {campaign.ad ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Anúncio{' '}
          <Link
            className="font-medium text-brand-700 underline"
            to={buildPath(paths.usuario.editarAnuncio, { id: campaign.ad.id })}
          >
            {campaign.ad.name}
          </Link>
          <AdStatusBadge status={campaign.ad.status} />
        </p>
      ) : campaign.status === 'aguardando_arte' ? (
        <Button asChild size="sm">
          <Link to={`${paths.usuario.criarAnuncio}?item=${itemId}`}>Enviar a arte</Link>
        </Button>
      ) : null}
      {campaign.ad?.status === 'reprovado' && campaign.ad.review_reason ? (
        <p className="text-sm text-red-800">Motivo da reprovação: {campaign.ad.review_reason}</p>
      ) : null}
      {campaign.proofs.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-800">Fotos de comprovação</p>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Fotos de comprovação">
            {campaign.proofs.map((p) => (
              <li key={p.id}>
                <figure>
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-lg"
                  >
                    <img
                      src={p.thumb_url}
                      alt={`Comprovação de ${formatDate(p.taken_on)}${p.caption ? `: ${p.caption}` : ''}`}
                      loading="lazy"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  </a>
                  <figcaption className="mt-1 text-xs text-slate-700">
                    {formatDate(p.taken_on)}
                    {p.caption ? ` · ${p.caption}` : ''}
                    {p.place_line ? <span className="block">{p.place_line}</span> : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
