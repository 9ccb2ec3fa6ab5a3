import { useState } from 'react';
import { QrCode, Receipt } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  acceptableProposalStates,
  answerableProposalStates,
  buildPath,
  formatInteger,
  paths,
  paymentMethodLabels,
  proposalAcceptMethods,
  type PaymentMethod,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  AnswerOffer,
  NegotiationHistory,
  ProposalRequestSummary,
  ProposalStateBadge,
  ProposalView,
  useAcceptProposal,
  useCustomerProposal,
  type ProposalData,
} from '../../../features/proposals/index.ts';
import { AudienceSummary, LineCpm, useBillingProfile } from '../../../features/orders/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { formatDate } from '@urbana/shared';
import { toast } from '../../../lib/toast.ts';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { proposalsEndpoints } from '../../../lib/endpoints/proposals.ts';

/** /proposta/{id}: the customer sees the proposal staff sent and accepts it into an order. */
export function Component() {
  const { id = '' } = useParams();
  const proposal = useCustomerProposal(id);
  if (proposal.isPending) return <Spinner label="Carregando proposta" className="py-16" />;
  if (proposal.isError || !proposal.data)
    return <Alert>{proposal.error?.message ?? 'Não foi possível carregar a proposta.'}</Alert>;
  const p = proposal.data;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Proposta {p.code}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <ProposalStateBadge state={p.state} />
          {p.state === 'solicitada' || p.state === 'contraproposta'
            ? 'Aguardando a resposta da equipe Urbana'
            : `Preparada pela equipe Urbana para você · válida até ${formatDate(p.valid_until)}`}
        </p>
      </div>
      <ProposalRequestSummary proposal={p} />
      <ProposalView
        proposal={p}
        lineFigures={(line) => (
          <>
            <p className="text-sm text-slate-600" data-testid="audiencia-periodo">
              Audiência no período: {formatInteger(line.audience)} impactos
            </p>
            <LineCpm cpm={line.cpm} />
          </>
        )}
        figures={
          <AudienceSummary
            items={p.items.map((i) => ({ total: i.price, audience: i.audience }))}
            paid={p.total}
          />
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary">
          <a href={hrefOf(proposalsEndpoints.pdf, { params: { id: p.id } })} download>
            Baixar PDF
          </a>
        </Button>
        {p.order_id ? (
          <Button asChild variant="secondary">
            <a href={buildPath(paths.pedido, { orderId: p.order_id })}>Ver pedido</a>
          </Button>
        ) : null}
      </div>
      {p.state === 'impedida' && p.acceptance_error ? (
        <Alert>
          <p>Não foi possível aceitar: {p.acceptance_error}</p>
          <p className="mt-1">
            A equipe Urbana já foi avisada e vai falar com você. Você pode tentar de novo.
          </p>
        </Alert>
      ) : null}
      {p.state === 'reaberta' ? (
        <Alert tone="info">
          O pedido desta proposta não foi pago a tempo. Você pode aceitá-la de novo, com os mesmos preços, até{' '}
          {formatDate(p.valid_until)}.
        </Alert>
      ) : null}
      {acceptableProposalStates.includes(p.state) ? (
        <AcceptProposal id={p.id} methods={proposalAcceptMethods(p.payment_method)} />
      ) : null}
      {answerableProposalStates.includes(p.state) ? <AnswerOffer proposal={p} /> : null}
      <NegotiationHistory proposal={p} />
      <ClosingNotice proposal={p} />
    </div>
  );
}

/** Where the proposal stands when it cannot be accepted now: waiting for staff, declined, over. */
function ClosingNotice({ proposal: p }: { proposal: ProposalData }) {
  return p.state === 'solicitada' || p.state === 'contraproposta' ? (
    <Alert tone="info">
      A equipe Urbana vai responder com uma proposta: você recebe um e-mail e um aviso no sino. Os preços
      acima são os de tabela ou os da última proposta.
    </Alert>
  ) : p.state === 'recusada' ? (
    <Alert tone="info">Você recusou esta proposta. Peça outra quando quiser.</Alert>
  ) : p.state === 'vencida' ? (
    <Alert>
      Esta proposta venceu em {formatDate(p.valid_until)}. Peça uma nova proposta à equipe Urbana.
    </Alert>
  ) : p.state === 'cancelada' ? (
    <Alert>Esta proposta foi cancelada pela equipe Urbana.</Alert>
  ) : null;
}

/** Accepting a sent proposal: the payment method, then the order (a billing profile first, if missing). */
function AcceptProposal({ id, methods }: { id: string; methods: PaymentMethod[] }) {
  const navigate = useNavigate();
  const accept = useAcceptProposal();
  const billing = useBillingProfile();
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      const { order_id } = await accept.mutateAsync({ id: id, payment_method: method });
      toast.success('Proposta aceita: pedido criado');
      void navigate(buildPath(paths.pedido, { orderId: order_id }));
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível aceitar a proposta.'));
    }
  };
  return (
    <section aria-labelledby="aceitar" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="aceitar" className="font-semibold text-slate-900">
        Aceitar a proposta
      </h2>
      <p className="text-sm text-slate-700">
        Ao aceitar, criamos o pedido com estes preços e reservamos as vagas a partir de agora, até o prazo de
        pagamento.
      </p>
      {methods.length > 1 ? (
        <ChoiceCards
          legend="Forma de pagamento"
          name="pagamento"
          value={method}
          onChange={setMethod}
          choices={methods.map((m) => ({
            value: m,
            title: paymentMethodLabels[m],
            icon:
              m === 'pix' ? (
                <QrCode className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Receipt className="h-4 w-4" aria-hidden="true" />
              ),
            hint:
              m === 'pix'
                ? 'Aprovação em minutos, pelo app do seu banco.'
                : 'Boleto ou transferência, confirmado pela equipe.',
          }))}
        />
      ) : (
        // Invoicing only where staff offered it, to a company (issue #40 item 5).
        <p className="text-sm text-slate-700">Pagamento via Pix.</p>
      )}
      {error ? <Alert>{error}</Alert> : null}
      {billing.data === null ? (
        // As the checkout does: the billing profile first, then back here to accept.
        <Alert tone="info">
          <p>Para aceitar, complete o cadastro de faturamento: ele vai na fatura do pedido.</p>
          <Button asChild className="mt-2">
            <Link
              to={`${paths.usuario.completarPerfil}?voltar=${encodeURIComponent(buildPath(paths.proposta, { id }))}`}
            >
              Completar cadastro e voltar à proposta
            </Link>
          </Button>
        </Alert>
      ) : (
        <Button
          onClick={() => void submit()}
          disabled={accept.isPending || billing.isPending}
          className="w-full sm:w-auto"
        >
          Aceitar e criar pedido
        </Button>
      )}
    </section>
  );
}
