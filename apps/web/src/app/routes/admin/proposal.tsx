import { Link, useParams } from 'react-router';
import { awaitingStaffProposalStates, buildPath, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { AdminPage, QueryState } from '../../../features/admin/index.ts';
import {
  AnswerRequestForm,
  NegotiationHistory,
  ProposalRequestSummary,
  ProposalStateBadge,
  ProposalView,
  useCancelProposal,
  useSendProposal,
  useStaffProposal,
  type ProposalData,
} from '../../../features/proposals/index.ts';
import { formatDate } from '@urbana/shared';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

/** Why the customer could not accept, or that they may accept again (decision 077). */
function StaffNotices({ proposal: p }: { proposal: ProposalData }) {
  if (p.state === 'impedida' && p.acceptance_error)
    return (
      <Alert>
        O cliente tentou aceitar e não conseguiu: {p.acceptance_error} Ajuste em uma nova proposta ou reenvie
        quando houver vaga.
      </Alert>
    );
  if (p.state === 'recusada')
    return <Alert tone="info">O cliente recusou a proposta: o motivo está na negociação abaixo.</Alert>;
  if (p.state === 'reaberta')
    return (
      <Alert tone="info">
        O pedido desta proposta não foi pago: o cliente pode aceitá-la de novo até {formatDate(p.valid_until)}
        , com os mesmos preços.
      </Alert>
    );
  return null;
}

/** The proposal's state and dates, and its order once accepted. */
function ProposalDates({ proposal: p }: { proposal: ProposalData }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <ProposalStateBadge state={p.state} />
      <span>Criada em {formatDate(p.created_at)}</span>
      {p.sent_at ? <span>· enviada em {formatDate(p.sent_at)}</span> : null}
      {p.accepted_at ? <span>· aceita em {formatDate(p.accepted_at)}</span> : null}
      {p.order_id ? (
        <Link
          className="font-medium text-brand-700 underline"
          to={buildPath('/admin/pedidos/:id', { id: p.order_id })}
        >
          Ver pedido
        </Link>
      ) : null}
    </div>
  );
}

/** /admin/propostas/{id}: the proposal, its PDF, sending it by e-mail, withdrawing it. */
export function Component() {
  const { id = '' } = useParams();
  const proposal = useStaffProposal(id);
  const send = useSendProposal();
  const cancel = useCancelProposal();
  return (
    <QueryState query={proposal} loading="Carregando proposta" empty="" isEmpty={() => false}>
      {(p) => {
        // A refused acceptance or an order that lapsed unpaid: staff may send it again or withdraw it.
        const open = ['rascunho', 'enviada', 'impedida', 'reaberta'].includes(p.state);
        // A request or a counter-offer waits for prices: answered below, withdrawn like any other.
        const awaiting = awaitingStaffProposalStates.includes(p.state);
        return (
          <AdminPage
            title={`Proposta ${p.code}`}
            description={`Para ${p.customer.nome_completo || p.customer.email}${p.customer.empresa ? ` (${p.customer.empresa})` : ''} · ${p.customer.email}`}
            actions={
              <>
                <Button asChild variant="secondary">
                  <a href={hrefOf(adminEndpoints.proposals.pdf, { params: { id: p.id } })} download>
                    Baixar PDF
                  </a>
                </Button>
                {open ? (
                  <ConfirmDialog
                    trigger={
                      <Button>{p.status === 'enviada' ? 'Reenviar por e-mail' : 'Enviar por e-mail'}</Button>
                    }
                    title="Enviar a proposta ao cliente?"
                    consequence={`${p.customer.email} recebe um e-mail com o link da proposta e um aviso no sino. Ao aceitar, o pedido é criado e as vagas ficam reservadas.`}
                    confirmLabel="Enviar proposta"
                    onConfirm={async () => {
                      await send.mutateAsync(p.id);
                      toast.success('Proposta enviada');
                    }}
                  />
                ) : null}
                {open || awaiting ? (
                  <ConfirmDialog
                    trigger={<Button variant="secondary">Cancelar proposta</Button>}
                    title="Cancelar a proposta?"
                    consequence="O cliente não poderá mais aceitá-la. Nenhuma vaga estava reservada por ela."
                    confirmLabel="Cancelar proposta"
                    tone="danger"
                    onConfirm={async () => {
                      await cancel.mutateAsync(p.id);
                      toast.success('Proposta cancelada');
                    }}
                  />
                ) : null}
              </>
            }
          >
            <ProposalDates proposal={p} />
            <StaffNotices proposal={p} />
            <ProposalRequestSummary proposal={p} />
            <ProposalView proposal={p} />
            {awaiting ? <AnswerRequestForm key={p.rounds.length} proposal={p} /> : null}
            <NegotiationHistory proposal={p} />
            <p className="text-sm text-slate-600">
              Link do cliente:{' '}
              <span className="break-all">{`${location.origin}${buildPath(paths.proposta, { id: p.id })}`}</span>
            </p>
          </AdminPage>
        );
      }}
    </QueryState>
  );
}
