import { useId, useState } from 'react';
import {
  adminOrderMessages,
  chooseRefund,
  formatMoney,
  parseReais,
  refundChoiceLabels,
  refundChoices,
  type CancelOrderInput,
  type RefundChoice,
} from '@urbana/shared';
import { Field, TextareaField } from '../../../components/ui/field.tsx';

/** What staff have typed for the refund, and what it gives: the request's fields, or the field's error. */
export interface RefundState {
  choice: RefundChoice;
  amountText: string;
  reason: string;
}

export const initialRefund: RefundState = { choice: 'politica', amountText: '', reason: '' };

/** The partial amount typed in reais ("350,50") as integer centavos, or the message that refuses it. */
function amountOf(text: string): number | string {
  if (text.trim().startsWith('-')) return adminOrderMessages.refundNegative;
  return parseReais(text) ?? adminOrderMessages.refundAmount;
}

/**
 * The refund a state gives, by the rule the server applies (chooseRefund, decision 076): the request's
 * fields, or the error of the amount or of the reason.
 */
export function refundRequest(
  state: RefundState,
  policy: number,
  paid: number,
):
  | { body: Pick<CancelOrderInput, 'reembolso' | 'valor_reembolso' | 'motivo_reembolso'>; amount: number }
  | { amountError?: string; reasonError?: string } {
  const typed = state.choice === 'parcial' ? amountOf(state.amountText) : undefined;
  if (typeof typed === 'string') return { amountError: typed };
  const chosen = chooseRefund({ choice: state.choice, policy, paid, amount: typed, reason: state.reason });
  if ('error' in chosen)
    return chosen.error === adminOrderMessages.refundReason
      ? { reasonError: chosen.error }
      : { amountError: chosen.error };
  return {
    amount: chosen.amount,
    body: {
      reembolso: state.choice,
      ...(typed !== undefined ? { valor_reembolso: typed } : {}),
      ...(chosen.reason ? { motivo_reembolso: chosen.reason } : {}),
    },
  };
}

/**
 * The refund of a paid order staff cancel (issue #40 item 3): the policy's amount by default, the
 * whole amount paid, or a part of it; any amount other than the policy's asks why. Each message is
 * beside its field once the field was left (or as soon as a typed amount is out of bounds).
 */
export function RefundChoiceFields({
  state,
  onChange,
  policy,
  paid,
}: {
  state: RefundState;
  onChange: (next: RefundState) => void;
  policy: number;
  paid: number;
}) {
  const name = useId();
  const [touched, setTouched] = useState({ amount: false, reason: false });
  const result = refundRequest(state, policy, paid);
  const errors = 'body' in result ? {} : result;
  const amounts: Record<RefundChoice, string> = {
    politica: formatMoney(policy),
    integral: formatMoney(paid),
    parcial: `de ${formatMoney(0)} a ${formatMoney(paid)}`,
  };
  // The reason is asked for whenever the amount is not the policy's (or not known yet).
  const askReason = 'body' in result ? result.amount !== policy : state.choice !== 'politica';
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Reembolso</legend>
      <div className="space-y-2">
        {refundChoices.map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={choice}
              className="mt-1"
              checked={state.choice === choice}
              onChange={() => onChange({ ...state, choice })}
            />
            <span>
              {refundChoiceLabels[choice]} ({amounts[choice]})
            </span>
          </label>
        ))}
      </div>
      {state.choice === 'parcial' ? (
        <Field
          label="Valor do reembolso (R$)"
          inputMode="decimal"
          placeholder="0,00"
          value={state.amountText}
          onChange={(e) => onChange({ ...state, amountText: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
          error={touched.amount || state.amountText ? errors.amountError : undefined}
          hint={`De ${formatMoney(0)} até ${formatMoney(paid)}, o valor pago.`}
        />
      ) : null}
      {askReason ? (
        <TextareaField
          label="Motivo do reembolso fora da política"
          rows={2}
          maxLength={500}
          value={state.reason}
          onChange={(e) => onChange({ ...state, reason: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, reason: true }))}
          error={touched.reason ? errors.reasonError : undefined}
          hint="Obrigatório quando o valor difere da política (de 5 a 500 caracteres); o cliente vê este motivo no pedido, no e-mail e na nota de crédito."
        />
      ) : null}
    </fieldset>
  );
}
