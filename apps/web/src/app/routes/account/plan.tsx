import { FileDown, Link2, Link2Off, ShoppingCart } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buildPath, formatDate, paths, planMessages } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RequestProposalDialog } from '../../../features/proposals/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import {
  PlanLines,
  PlanTotals,
  useBookPlan,
  usePlan,
  usePlanAdvertiser,
  useRevokeShare,
  useSharePlan,
  sharedPlanPdfUrl,
} from '../../../features/plans/index.ts';
import { AdvertiserPicker, useIsAgency, useSaveCartAdvertiser } from '../../../features/agencies/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { plansEndpoints } from '../../../lib/endpoints/plans.ts';

function ShareBox({ id, token }: { id: string; token: string | null }) {
  const share = useSharePlan();
  const revoke = useRevokeShare();
  const url = token ? `${window.location.origin}${buildPath(paths.planoCompartilhado, { token })}` : null;
  return (
    <section
      aria-labelledby="compartilhar"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="compartilhar" className="font-semibold text-slate-900">
        Compartilhar por link
      </h2>
      {url && token ? (
        <>
          <p className="text-sm text-slate-700">
            Quem tiver o link vê o plano (sem poder alterá-lo) e baixa o PDF, sem precisar de conta.
          </p>
          <input
            readOnly
            aria-label="Link do plano"
            value={url}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success('Link copiado'))
                  .catch(() => toast.error('Não foi possível copiar', 'Selecione o link e copie.'))
              }
            >
              <Link2 className="h-4 w-4" aria-hidden="true" /> Copiar link
            </Button>
            <Button asChild variant="secondary">
              <a href={sharedPlanPdfUrl(token)} download>
                <FileDown className="h-4 w-4" aria-hidden="true" /> Baixar PDF
              </a>
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" disabled={revoke.isPending}>
                  <Link2Off className="h-4 w-4" aria-hidden="true" /> Revogar link
                </Button>
              }
              title="Revogar o link do plano?"
              consequence="Quem tiver este link deixa de ver o plano e o PDF. Um novo link terá outro endereço."
              confirmLabel="Revogar link"
              tone="danger"
              onConfirm={async () => {
                await revoke.mutateAsync(id);
                toast.success(planMessages.revoked);
              }}
            />
          </div>
        </>
      ) : (
        <Button
          disabled={share.isPending}
          onClick={async () => {
            try {
              await share.mutateAsync(id);
              toast.success(planMessages.shared);
            } catch (e) {
              toast.error('Não foi possível compartilhar', errorMessage(e, ''));
            }
          }}
        >
          <Link2 className="h-4 w-4" aria-hidden="true" /> Criar link de compartilhamento
        </Button>
      )}
    </section>
  );
}

/** An agency's plan names its advertiser, which the agency changes here (decision 116). */
function PlanAdvertiser({ plan }: { plan: { id: string; advertiser: { id: string } | null } }) {
  const isAgency = useIsAgency();
  const change = usePlanAdvertiser();
  if (!isAgency) return null;
  const value = change.isPending ? (change.variables.advertiser_id ?? '') : (plan.advertiser?.id ?? '');
  return (
    <div className="max-w-md">
      <AdvertiserPicker
        id="plano-anunciante"
        value={value}
        onChange={(advertiserId) =>
          change.mutate(
            { id: plan.id, advertiser_id: advertiserId || null },
            { onError: (e) => toast.error('Não foi possível mudar o anunciante', errorMessage(e, '')) },
          )
        }
      />
    </div>
  );
}

/** /usuario/planos/{id}: the plan re-priced now, what changed since it was saved, sharing. */
export function Component() {
  const { id = '' } = useParams();
  const plan = usePlan(id);
  const bookPlan = useBookPlan();
  const cartAdvertiser = useSaveCartAdvertiser();
  if (plan.isPending) return <Spinner label="Carregando plano" className="py-16" />;
  if (plan.isError) return <Alert>{plan.error.message}</Alert>;
  const p = plan.data;
  const changed = p.lines.filter((l) => l.changes.length > 0).length;
  const toCart = () => {
    // The plan's advertiser goes with its lines to the cart, and from there to the order.
    if (p.advertiser) cartAdvertiser.mutate(p.advertiser.id);
    bookPlan(p.lines);
  };
  return (
    <div className="space-y-5">
      <div>
        <Link to={paths.usuario.planos} className="text-sm text-brand-700 hover:underline">
          ← Meus planos
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{p.name}</h1>
        <p className="text-sm text-slate-600">
          Salvo em {formatDate(p.created_at)} · preços e vagas conferidos agora
        </p>
      </div>
      <PlanAdvertiser plan={p} />
      {changed > 0 ? (
        <Alert tone="info">
          {changed === 1 ? '1 local mudou' : `${changed} locais mudaram`} desde que o plano foi salvo. Veja
          abaixo.
        </Alert>
      ) : (
        <Alert tone="success">Nada mudou desde que o plano foi salvo: mesmos preços e vagas livres.</Alert>
      )}
      <img
        src={hrefOf(plansEndpoints.map, { params: { id: p.id } })}
        alt={`Mapa com os ${p.lines.length} locais do plano, numerados como na lista`}
        className="w-full max-w-3xl rounded-xl border border-slate-200"
        width={1000}
        height={560}
      />
      <PlanLines lines={p.lines} />
      <PlanTotals totals={p.totals} unavailable={p.lines.filter((l) => !l.available).length} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={toCart}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Reservar este plano
        </Button>
        <RequestProposalDialog
          source="plano"
          // The lines still bookable, as "Reservar" puts them in the cart.
          items={p.lines
            .filter((l) => l.available)
            .map((l) => ({
              product_id: l.productId,
              start_date: l.start,
              weeks: l.weeks,
              tower_ids: l.is_tower_based ? l.towers.map((t) => t.id) : [],
            }))}
          disabled={!p.lines.some((l) => l.available)}
          advertiserId={p.advertiser?.id}
        />
      </div>
      <ShareBox id={p.id} token={p.share_token} />
    </div>
  );
}
