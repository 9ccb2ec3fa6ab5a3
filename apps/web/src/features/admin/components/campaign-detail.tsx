import { useState } from 'react';
import {
  bookingLastDay,
  campaignFinishRefusal,
  campaignMessages,
  campaignStartRefusal,
  creativeSpecs,
  EARLY_END_REASON_MAX,
  formatBookingPeriod,
  isEarlyFinish,
  productTypeLabels,
  todayInBrasilia,
  type ProductType,
  formatDate,
  formatMoney,
  facesLine,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextareaField } from '../../../components/ui/field.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { AdStatusBadge, mediaFacts } from '../../ads/index.ts';
import { useRunCampaign, type CampaignDetail } from '../../campaigns/index.ts';
import { toast } from '../../../lib/toast.ts';
import { Review, Proofs } from './campaign-review.tsx';

export function Detail({ campaign }: { campaign: CampaignDetail }) {
  const run = useRunCampaign(campaign.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const spec = creativeSpecs[campaign.type as ProductType];
  const period = { start: campaign.start, weeks: campaign.weeks };
  const today = todayInBrasilia();
  const startRefusal = campaignStartRefusal(period, today);
  const early = isEarlyFinish(period, today);
  const periodText = formatBookingPeriod(campaign.start, campaign.weeks);
  const start = async () => {
    await run.mutateAsync({ action: 'iniciar' });
    toast.success('Veiculação iniciada', 'O cliente foi avisado por notificação e email.');
  };
  const finish = async () => {
    const refusal = campaignFinishRefusal(period, todayInBrasilia(), reason);
    if (refusal) {
      setReasonError(refusal);
      return false;
    }
    setReasonError(undefined);
    await run.mutateAsync({ action: 'finalizar', reason: early ? reason.trim() : undefined });
    toast.success('Veiculação finalizada', 'O cliente foi avisado por notificação e email.');
  };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="space-y-6">
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Anúncio</h2>
            {campaign.ad ? <AdStatusBadge status={campaign.ad.status} /> : null}
          </div>
          {!campaign.ad ? (
            <p className="mt-2 text-sm text-slate-700">O cliente ainda não enviou a arte deste item.</p>
          ) : (
            <div className="mt-3 space-y-4">
              <p className="font-medium text-slate-900">“{campaign.ad.name}”</p>
              {campaign.ad.review_reason ? (
                <p className="text-sm text-red-800">
                  Motivo da última reprovação: {campaign.ad.review_reason}
                </p>
              ) : null}
              <p className="text-sm text-slate-700">
                Especificação: {spec?.width} × {spec?.height} px
                {spec?.spotSeconds ? `, spot de ${spec.spotSeconds} s` : ''}
              </p>
              <ul className="grid gap-4 sm:grid-cols-2" aria-label="Arquivos do anúncio">
                {campaign.ad.media.map((m) => (
                  <li key={m.id} className="overflow-hidden rounded-lg border border-slate-200">
                    {m.kind === 'video' ? (
                      <video
                        src={m.url}
                        controls
                        muted
                        playsInline
                        className="aspect-video w-full bg-black"
                      />
                    ) : (
                      <a href={m.url} target="_blank" rel="noreferrer">
                        <img
                          src={m.thumb_url ?? m.url}
                          alt={`Arte ${m.name}`}
                          className="aspect-video w-full bg-slate-100 object-contain"
                        />
                      </a>
                    )}
                    <p className="truncate px-2 pt-2 text-sm font-medium text-slate-900">{m.name}</p>
                    <p className="px-2 pb-2 text-xs text-slate-600">{mediaFacts(m)}</p>
                  </li>
                ))}
              </ul>
              {campaign.ad.status === 'em_analise' ? <Review campaign={campaign} /> : null}
            </div>
          )}
        </Card>
        <Proofs campaign={campaign} />
      </div>
      <div className="space-y-6">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Veiculação</h2>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">Período</dt>
              <dd className="text-right">{periodText}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">Início real</dt>
              <dd>{campaign.started_at ? formatDate(campaign.started_at) : '—'}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">Fim real</dt>
              <dd>{campaign.finished_at ? formatDate(campaign.finished_at) : '—'}</dd>
            </div>
          </dl>
          {campaign.early_end_reason ? (
            <p className="mt-2 text-sm text-slate-700">
              Encerrada antes do fim do período. Motivo: {campaign.early_end_reason}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {!campaign.started_at ? (
              <ConfirmDialog
                trigger={
                  <Button disabled={run.isPending || campaign.status !== 'aprovada' || startRefusal !== null}>
                    Iniciar veiculação
                  </Button>
                }
                title="Iniciar a veiculação?"
                consequence={
                  <p>
                    A campanha fica no ar a partir de hoje ({formatDate(today)}) e o cliente é avisado por
                    notificação e email. Período reservado: {periodText}. Não é possível desfazer.
                  </p>
                }
                confirmLabel="Iniciar veiculação"
                onConfirm={start}
              />
            ) : !campaign.finished_at ? (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" disabled={run.isPending}>
                    Finalizar veiculação
                  </Button>
                }
                title="Finalizar a veiculação?"
                tone="danger"
                consequence={
                  early ? (
                    <p>
                      O período reservado vai até {formatDate(bookingLastDay(campaign.start, campaign.weeks))}
                      . Finalizar hoje encerra a campanha antes do fim: o cliente é avisado e vê o motivo no
                      pedido. Não é possível desfazer.
                    </p>
                  ) : (
                    <p>
                      A campanha sai do ar e o cliente é avisado por notificação e email. Não é possível
                      desfazer.
                    </p>
                  )
                }
                confirmLabel="Finalizar veiculação"
                onConfirm={finish}
                onOpenChange={(open) => {
                  if (!open) setReasonError(undefined);
                }}
              >
                {early ? (
                  <TextareaField
                    label="Motivo do encerramento antecipado (o cliente vê este texto)"
                    rows={3}
                    maxLength={EARLY_END_REASON_MAX}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    error={reasonError}
                  />
                ) : null}
              </ConfirmDialog>
            ) : null}
          </div>
          {!campaign.started_at && campaign.status !== 'aprovada' ? (
            <p className="mt-2 text-sm text-slate-700">{campaignMessages.needsApprovedAd}</p>
          ) : !campaign.started_at && startRefusal ? (
            <p className="mt-2 text-sm text-slate-700">{startRefusal}</p>
          ) : null}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Local</h2>
          <p className="mt-2 font-medium text-slate-900">{campaign.product}</p>
          <p className="text-sm text-slate-700">
            {productTypeLabels[campaign.type as ProductType] ?? campaign.type} · {campaign.city}/
            {campaign.state}
          </p>
          {campaign.towers.length > 0 ? (
            <p className="text-sm text-slate-700">{facesLine(campaign.type, campaign.towers)}</p>
          ) : null}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Cliente e pedido</h2>
          <p className="mt-2 font-medium text-slate-900">
            {campaign.customer.name || campaign.customer.email}
          </p>
          <p className="text-sm text-slate-700">{campaign.customer.email}</p>
          {campaign.customer.company ? (
            <p className="text-sm text-slate-700">{campaign.customer.company}</p>
          ) : null}
          {campaign.customer.phone ? (
            <p className="text-sm text-slate-700">{campaign.customer.phone}</p>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">
            Pedido {campaign.order.code} · {formatMoney(campaign.order.total)}
          </p>
        </Card>
      </div>
    </div>
  );
}
