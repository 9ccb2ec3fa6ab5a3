import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  adMessages,
  bookingLastDay,
  campaignFinishRefusal,
  campaignMessages,
  campaignStartRefusal,
  creativeSpecs,
  EARLY_END_REASON_MAX,
  formatBookingPeriod,
  isEarlyFinish,
  paths,
  productTypeLabels,
  proofDateRefusal,
  todayInBrasilia,
  type ProductType,
  formatDate,
  formatMoney,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { AdStatusBadge, CampaignStatusBadge, mediaFacts } from '../../../features/ads/index.ts';
import {
  useAddProof,
  useCampaign,
  useReviewAd,
  useRunCampaign,
  type CampaignDetail,
} from '../../../features/campaigns/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

function Review({ campaign }: { campaign: CampaignDetail }) {
  const review = useReviewAd(campaign.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reasonId = useId();
  const ad = campaign.ad!;
  const decide = async (approve: boolean) => {
    if (!approve && (reason.trim().length < 5 || reason.trim().length > 1000)) {
      setError(adMessages.reasonRequired);
      return;
    }
    try {
      await review.mutateAsync({ adId: ad.id, approve, reason: approve ? undefined : reason.trim() });
      toast.success(
        approve ? 'Anúncio aprovado' : 'Anúncio reprovado',
        'O cliente foi avisado por notificação e email.',
      );
      setRejecting(false);
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível registrar a revisão. Tente novamente.'));
    }
  };
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Revisão da arte</h3>
      {rejecting ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void decide(false);
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            Motivo da reprovação (o cliente vê este texto)
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-erro` : undefined}
            className={`${inputClass} h-auto py-2`}
          />
          {error ? (
            <p id={`${reasonId}-erro`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={review.isPending}>
              Confirmar reprovação
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              Voltar
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button disabled={review.isPending} onClick={() => void decide(true)}>
              Aprovar anúncio
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(true)}>
              Reprovar…
            </Button>
          </div>
          {error ? <Alert>{error}</Alert> : null}
        </>
      )}
    </div>
  );
}

function Proofs({ campaign }: { campaign: CampaignDetail }) {
  const add = useAddProof(campaign.id);
  const today = todayInBrasilia();
  const period = { start: campaign.start, weeks: campaign.weeks };
  const lastDay = bookingLastDay(campaign.start, campaign.weeks);
  const latest = today < lastDay ? today : lastDay;
  const [date, setDate] = useState(today < campaign.start ? campaign.start : latest);
  const [caption, setCaption] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const fileId = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Escolha a foto (JPG, PNG ou WebP).');
    const refusal = proofDateRefusal(period, todayInBrasilia(), date);
    if (refusal) return setError(refusal);
    try {
      await add.mutateAsync({ file, date, caption });
      toast.success('Foto de comprovação enviada', 'O cliente já a vê no pedido.');
      setFile(null);
      setCaption('');
      setError(undefined);
      (event.target as HTMLFormElement).reset();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível enviar a foto.');
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Comprovação de veiculação</h2>
      {campaign.proofs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Nenhuma foto enviada ainda.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Fotos de comprovação">
          {campaign.proofs.map((p) => (
            <li key={p.id}>
              <figure>
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img
                    src={p.thumb_url}
                    alt={`Comprovação de ${formatDate(p.taken_on)}`}
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                </a>
                <figcaption className="mt-1 text-xs text-slate-700">
                  {formatDate(p.taken_on)}
                  {p.caption ? ` · ${p.caption}` : ''}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {campaign.started_at ? (
        <form
          className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
        >
          <div className="space-y-1.5 sm:col-span-2">
            <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
              Foto
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:font-medium"
            />
          </div>
          <Field
            label="Data da foto"
            type="date"
            value={date}
            min={campaign.start}
            max={latest}
            onChange={(e) => setDate(e.target.value)}
          />
          <Field
            label="Legenda (opcional)"
            value={caption}
            maxLength={300}
            onChange={(e) => setCaption(e.target.value)}
          />
          {error ? (
            <div className="sm:col-span-2">
              <Alert>{error}</Alert>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Enviando...' : 'Enviar foto'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          As fotos podem ser enviadas depois que a veiculação começar.
        </p>
      )}
    </Card>
  );
}

function Detail({ campaign }: { campaign: CampaignDetail }) {
  const run = useRunCampaign(campaign.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const reasonId = useId();
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
                  <div className="space-y-1.5">
                    <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
                      Motivo do encerramento antecipado (o cliente vê este texto)
                    </label>
                    <textarea
                      id={reasonId}
                      rows={3}
                      maxLength={EARLY_END_REASON_MAX}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? `${reasonId}-erro` : undefined}
                      className={`${inputClass} h-auto py-2`}
                    />
                    {reasonError ? (
                      <p id={`${reasonId}-erro`} className="text-sm font-medium text-red-700">
                        {reasonError}
                      </p>
                    ) : null}
                  </div>
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
            <p className="text-sm text-slate-700">Torres: {campaign.towers.map((t) => t.name).join(', ')}</p>
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
