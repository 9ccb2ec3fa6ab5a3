import { useId, useState, type FormEvent } from 'react';
import {
  adMessages,
  bookingLastDay,
  formatBookingPeriod,
  formatDate,
  proofDateRefusal,
  todayInBrasilia,
  type CampaignProof,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, TextareaField } from '../../../components/ui/field.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RemoveProof } from './proof-removal.tsx';
import { useAddProof, useReviewAd, type CampaignDetail } from '../../campaigns/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

export function Review({ campaign }: { campaign: CampaignDetail }) {
  const review = useReviewAd(campaign.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const ad = campaign.ad!;
  // The pending state reaches the buttons before the next click (docs/decisions/062-state-before-the-next-click.md).
  const busy = review.isPending;
  const notified = 'O cliente foi avisado por notificação e email.';
  // Approval is confirmed in a dialog, which shows a refusal itself (docs/decisions/025).
  const approve = async () => {
    await review.mutateAsync({ adId: ad.id, approve: true });
    toast.success('Anúncio aprovado', notified);
  };
  const reject = async () => {
    const clean = reason.trim();
    if (clean.length < 5 || clean.length > 1000) return setError(adMessages.reasonRequired);
    try {
      await review.mutateAsync({ adId: ad.id, approve: false, reason: clean });
      toast.success('Anúncio reprovado', notified);
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
            void reject();
          }}
        >
          <TextareaField
            label="Motivo da reprovação (o cliente vê este texto)"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={busy}>
              Confirmar reprovação
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setRejecting(false);
                setError(undefined);
              }}
            >
              Voltar
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={<Button disabled={busy}>Aprovar anúncio</Button>}
              title="Aprovar o anúncio?"
              consequence={`“${ad.name}” fica aprovado para veicular em ${campaign.product} ${formatBookingPeriod(campaign.start, campaign.weeks)}. O cliente é avisado por notificação e email.`}
              confirmLabel="Confirmar aprovação"
              onConfirm={approve}
            />
            <Button variant="secondary" onClick={() => setRejecting(true)}>
              Reprovar…
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** A proof's date and caption, where its EXIF says it was taken, and what staff should check (decision 107). */
function ProofCaption({ proof: p }: { proof: CampaignProof }) {
  return (
    <figcaption className="mt-1 text-xs text-slate-700">
      {formatDate(p.taken_on)}
      {p.caption ? ` · ${p.caption}` : ''}
      {p.place_line ? <span className="block">{p.place_line}</span> : null}
      {p.warnings.map((w) => (
        <span key={w} className="mt-1 block rounded bg-amber-50 p-1 text-amber-900" role="status">
          {w}
        </span>
      ))}
    </figcaption>
  );
}

export function Proofs({ campaign }: { campaign: CampaignDetail }) {
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
            <ProofItem key={p.id} campaignId={campaign.id} proof={p} />
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

/** One proof photo: its thumbnail opening the file, its date and caption, and "Remover". */
function ProofItem({
  campaignId,
  proof: p,
}: {
  campaignId: string;
  proof: CampaignDetail['proofs'][number];
}) {
  return (
    <li>
      <figure>
        <a href={p.url} target="_blank" rel="noreferrer">
          <img
            src={p.thumb_url}
            alt={`Comprovação de ${formatDate(p.taken_on)}`}
            className="aspect-[4/3] w-full rounded-lg object-cover"
          />
        </a>
        <ProofCaption proof={p} />
      </figure>
      <RemoveProof campaignId={campaignId} proof={p} />
    </li>
  );
}
