import { useState, type FormEvent } from 'react';
import { formatMoney } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextareaField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCounterProposal, useDeclineProposal, type ProposalData } from '../api/use-proposals.ts';
import { centsToReais, reaisToCents } from './negotiation.tsx';

type Mode = 'contra' | 'recusa' | null;

/** The customer's other answers to an offer: a counter-offer (per line or a total) or a refusal. */
export function AnswerOffer({ proposal }: { proposal: ProposalData }) {
  const [mode, setMode] = useState<Mode>(null);
  return (
    <section
      aria-labelledby="responder"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="responder" className="font-semibold text-slate-900">
        Negociar
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant={mode === 'contra' ? 'primary' : 'secondary'} onClick={() => setMode('contra')}>
          Fazer contraproposta
        </Button>
        <Button variant={mode === 'recusa' ? 'primary' : 'secondary'} onClick={() => setMode('recusa')}>
          Recusar proposta
        </Button>
      </div>
      {mode === 'contra' ? <CounterForm proposal={proposal} onDone={() => setMode(null)} /> : null}
      {mode === 'recusa' ? <DeclineForm id={proposal.id} onDone={() => setMode(null)} /> : null}
    </section>
  );
}

function CounterForm({ proposal, onDone }: { proposal: ProposalData; onDone: () => void }) {
  const counter = useCounterProposal();
  const [byLine, setByLine] = useState(proposal.items.length > 1);
  const [prices, setPrices] = useState(() => proposal.items.map((i) => centsToReais(i.price)));
  const [total, setTotal] = useState(() => centsToReais(proposal.total));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const cents = prices.map(reaisToCents);
    const totalCents = reaisToCents(total);
    if (byLine ? cents.some((c) => c === null) : totalCents === null) {
      setError('Informe os valores em reais, por exemplo 1.250,00.');
      return;
    }
    try {
      await counter.mutateAsync({
        id: proposal.id,
        body: byLine ? { prices: cents as number[], message } : { total: totalCents, message },
      });
      toast.success('Contraproposta enviada', 'A equipe Urbana responde com uma nova proposta.');
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível enviar a contraproposta.'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Contraproposta">
      <CounterMode byLine={byLine} setByLine={setByLine} />
      {byLine ? (
        proposal.items.map((item, i) => (
          <Field
            key={i}
            label={`${item.product_name} (R$)`}
            hint={`Tabela ${formatMoney(item.list_price)} · proposta ${formatMoney(item.price)}`}
            inputMode="decimal"
            value={prices[i]}
            onChange={(e) => setPrices((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
          />
        ))
      ) : (
        <Field
          label="Valor total proposto (R$)"
          hint={`Proposta atual: ${formatMoney(proposal.total)}`}
          inputMode="decimal"
          value={total}
          onChange={(e) => setTotal(e.target.value)}
        />
      )}
      <TextareaField
        label="Mensagem para a equipe (opcional)"
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" disabled={counter.isPending}>
        Enviar contraproposta
      </Button>
    </form>
  );
}

function DeclineForm({ id, onDone }: { id: string; onDone: () => void }) {
  const decline = useDeclineProposal();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await decline.mutateAsync({ id, reason });
      toast.success('Proposta recusada', 'A equipe Urbana foi avisada.');
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível recusar a proposta.'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Recusa">
      <TextareaField
        label="Por que você recusa?"
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
      />
      <Button type="submit" variant="danger" disabled={decline.isPending}>
        Confirmar recusa
      </Button>
    </form>
  );
}

function CounterMode({ byLine, setByLine }: { byLine: boolean; setByLine: (v: boolean) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-4 text-sm">
      <legend className="mb-1 font-medium text-slate-800">Contrapropor</legend>
      <label className="flex items-center gap-2">
        <input type="radio" checked={byLine} onChange={() => setByLine(true)} className="accent-brand-700" />
        Um preço por local
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          checked={!byLine}
          onChange={() => setByLine(false)}
          className="accent-brand-700"
        />
        Um valor total
      </label>
    </fieldset>
  );
}
