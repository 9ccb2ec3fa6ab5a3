import { useState, type FormEvent } from 'react';
import {
  addDays,
  formatMoney,
  paymentMethods,
  proposalPaymentLabels,
  todayInBrasilia,
  type PaymentMethod,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField, TextareaField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerProposal, type ProposalData } from '../api/use-proposals.ts';
import { centsToReais, reaisToCents } from './negotiation.tsx';

/**
 * Staff answer a request or a counter-offer (issue #44 item 4): each line's price starts from the
 * customer's counter-offer (a total comes spread over the lines, decision 116: the fields start
 * there), else from the current price.
 */
export function AnswerRequestForm({ proposal: p }: { proposal: ProposalData }) {
  const answer = useAnswerProposal();
  const last = p.rounds.at(-1);
  const start = last?.kind === 'contraproposta' && last.prices ? last.prices : p.items.map((i) => i.price);
  const [prices, setPrices] = useState(() => start.map(centsToReais));
  const [discount, setDiscount] = useState('');
  const [validUntil, setValidUntil] = useState(() => addDays(todayInBrasilia(), 7));
  const [note, setNote] = useState(p.note);
  const [method, setMethod] = useState<PaymentMethod>(p.payment_method);
  const [error, setError] = useState<string>();
  const cents = prices.map((v) => (v.trim() ? reaisToCents(v) : null));
  const discountCents = discount.trim() ? reaisToCents(discount) : 0;
  const total = offerTotal(p, cents, discountCents);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (discountCents === null || cents.some((c, i) => c === null && prices[i]!.trim()))
      return setError('Informe os valores em reais, por exemplo 1.250,00.');
    try {
      await answer.mutateAsync({
        id: p.id,
        body: {
          prices: cents,
          discount: discountCents,
          valid_until: validUntil,
          note,
          payment_method: method,
        },
      });
      toast.success('Proposta enviada ao cliente');
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível responder.'));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Responder ao cliente"
    >
      <h2 className="font-semibold text-slate-900">Responder com uma proposta</h2>
      {last?.kind === 'contraproposta' && last.total !== null ? (
        <p className="text-sm text-slate-700" data-testid="contraproposta-total">
          O cliente propôs {formatMoney(last.total)} no total; os preços abaixo partem da contraproposta,
          local por local.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <LinePrices proposal={p} prices={prices} setPrices={setPrices} />
        <Field
          label="Desconto no total (R$, opcional)"
          inputMode="decimal"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
        />
        <Field
          label="Válida até"
          type="date"
          value={validUntil}
          onChange={(e) => setValidUntil(e.target.value)}
        />
        <SelectField
          id="resposta-pagamento"
          label="Pagamento"
          value={method}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          options={paymentMethods.map((m) => [m, proposalPaymentLabels[m]] as const)}
        />
      </div>
      <TextareaField label="Observação" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      <p className="text-sm font-semibold text-slate-900" data-testid="resposta-total">
        Total da proposta: {formatMoney(total)}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" disabled={answer.isPending}>
        Enviar proposta ao cliente
      </Button>
    </form>
  );
}

/** A price field for each line, in reais; blank keeps its table price. */
function LinePrices({
  proposal,
  prices,
  setPrices,
}: {
  proposal: ProposalData;
  prices: string[];
  setPrices: (update: (all: string[]) => string[]) => void;
}) {
  return proposal.items.map((item, i) => (
    <Field
      key={i}
      label={`${item.product_name} (R$)`}
      hint={`Tabela ${formatMoney(item.list_price)}; em branco: preço de tabela`}
      inputMode="decimal"
      value={prices[i]}
      onChange={(e) => setPrices((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
    />
  ));
}

/** The offer's total as typed: blank lines at their table price, less the discount. */
function offerTotal(p: ProposalData, cents: Array<number | null>, discount: number | null): number {
  const lines = cents.reduce<number>((s, c, i) => s + (c ?? p.items[i]!.list_price), 0);
  return Math.max(lines - (discount ?? 0), 0);
}
