import { useId, useState } from 'react';
import {
  formatDate,
  formatDateTime,
  HOLD_EXTENSION_MAX_HOURS,
  adminOrderMessages,
  orderStatusLabels,
  todayInBrasilia,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass, TextareaField } from '../../../components/ui/field.tsx';
import { formatMoney } from '@urbana/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { call } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminOrderAction, type AdminOrderAction, type AdminOrderData } from '../api/use-admin-orders.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { initialRefund, RefundChoiceFields, refundRequest, type RefundState } from './refund-choice.tsx';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

/**
 * The full refund's last day beside the refund: still ahead, or already past (an order for the
 * earliest start is bought after it, and "só até" a past day read as a mistake).
 */
function refundDeadline(lastDay: string | null | undefined): string {
  if (!lastDay) return '';
  return lastDay < todayInBrasilia()
    ? ` (o prazo do reembolso integral, 5 dias úteis antes do início, terminou em ${formatDate(lastDay)})`
    : ` (reembolso integral só até ${formatDate(lastDay)}, 5 dias úteis antes do início)`;
}

const PAID = ['pago', 'em_veiculacao', 'pago_apos_expirar'];

function ExtendHold({ order, run }: { order: AdminOrderData; run: Run }) {
  const id = useId();
  const [hours, setHours] = useState(24);
  const max = order.actions.extend_hold.until_max!;
  const valid = Number.isInteger(hours) && hours >= 1 && hours <= HOLD_EXTENSION_MAX_HOURS;
  const until = valid
    ? new Date(Math.min(new Date(order.expires_at).getTime() + hours * 3600_000, new Date(max).getTime()))
    : null;
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Prorrogar reserva</Button>}
      title={`Prorrogar a reserva do pedido ${order.code}?`}
      consequence={
        // An empty or out-of-range field has no date to show (an empty one made an invalid date that
        // took the whole page down): the current hold and the ceiling only.
        valid ? (
          <p>
            As vagas continuam reservadas para o cliente até <strong>{formatDateTime(until!)}</strong>,
            aguardando o pagamento (hoje vão até {formatDateTime(order.expires_at)}). Limite desta reserva:{' '}
            {formatDateTime(max)}.
          </p>
        ) : (
          <p>
            As vagas estão reservadas para o cliente até {formatDateTime(order.expires_at)}, aguardando o
            pagamento. Limite desta reserva: {formatDateTime(max)}.
          </p>
        )
      }
      confirmLabel="Prorrogar reserva"
      confirmDisabled={!valid}
      onConfirm={() => run({ kind: 'prorrogar', horas: hours }, 'Reserva prorrogada.')}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Horas a mais (de 1 a {HOLD_EXTENSION_MAX_HOURS})
        </label>
        <input
          id={id}
          type="number"
          min={1}
          max={HOLD_EXTENSION_MAX_HOURS}
          className={inputClass}
          value={Number.isNaN(hours) ? '' : hours}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-erro`}
          onChange={(e) => setHours(e.target.valueAsNumber)}
        />
        {valid ? null : (
          <p id={`${id}-erro`} className="text-sm text-red-700">
            {adminOrderMessages.extendHours}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

function CancelOrder({ order, run }: { order: AdminOrderData; run: Run }) {
  const [reason, setReason] = useState('');
  const [refundState, setRefundState] = useState<RefundState>(initialRefund);
  const paid = PAID.includes(order.status);
  const { refund, last_refundable_day } = order.actions.cancel;
  const chosen = paid ? refundRequest(refundState, refund, order.actions.cancel.paid) : null;
  const refundOk = chosen === null || 'body' in chosen;
  const valid = reason.trim().length >= 5 && reason.trim().length <= 500 && refundOk;
  const amount = chosen && 'body' in chosen ? chosen.amount : refund;
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">Cancelar pedido</Button>}
      title={`Cancelar o pedido ${order.code}?`}
      tone="danger"
      consequence={
        <div className="space-y-2">
          <p>
            As vagas voltam a ficar livres e o cliente é avisado por e-mail e no sino, com o motivo
            {paid ? ' e o reembolso' : ''}. Não dá para desfazer.
          </p>
          {paid ? (
            <p>
              Pela política de cancelamento mostrada na compra, o reembolso é de{' '}
              <strong>{formatMoney(refund)}</strong>
              {refundDeadline(last_refundable_day)}.{' '}
              {amount > 0
                ? 'Uma nota de crédito do valor escolhido é emitida sobre a fatura.'
                : 'Sem reembolso, não há nota de crédito; a fatura continua paga.'}
            </p>
          ) : (
            <p>Nada foi pago: a fatura é cancelada.</p>
          )}
        </div>
      }
      confirmLabel="Cancelar pedido"
      confirmDisabled={!valid}
      onConfirm={() =>
        run(
          {
            kind: 'cancelar',
            motivo: reason.trim(),
            ...(chosen && 'body' in chosen ? chosen.body : {}),
          },
          'Pedido cancelado.',
        )
      }
    >
      <div className="space-y-4">
        <TextareaField
          label="Motivo do cancelamento"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint="De 5 a 500 caracteres; o cliente vê este motivo, e ele fica no histórico e na nota de crédito."
        />
        {paid ? (
          <RefundChoiceFields
            state={refundState}
            onChange={setRefundState}
            policy={refund}
            paid={order.actions.cancel.paid}
          />
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

type Run = (action: AdminOrderAction, done: string) => Promise<void>;

/** What changed in an order since this page read it, said after a refusal (issue #40 item 8). */
async function whatChanged(before: AdminOrderData): Promise<string> {
  const now = await call(adminEndpoints.orders.one, { params: { id: before.id } }).catch(() => null);
  if (!now || now.status === before.status)
    return 'O pedido mudou enquanto esta página estava aberta. Veja a situação atual.';
  return `O pedido mudou enquanto esta página estava aberta: agora está “${orderStatusLabels[now.status]}” (estava “${orderStatusLabels[before.status]}”).`;
}

/** The staff actions the server allows now; each asks first, saying what it does (decision 029). */
export function OrderActions({ order }: { order: AdminOrderData }) {
  const mutation = useAdminOrderAction(order.id);
  const run: Run = async (action, done) => {
    try {
      await mutation.mutateAsync(action);
    } catch (e) {
      // Refused because the order changed (another tab, another person): the order is read again and
      // its actions with it, which can take this dialog away; the toast stays and says what changed.
      if (e instanceof ApiError && e.status === 409) toast.error(await whatChanged(order), e.message);
      throw e;
    }
    toast.success(done);
  };
  const { actions } = order;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Ações do pedido">
      {actions.confirm_payment ? (
        <ConfirmDialog
          trigger={<Button>Confirmar pagamento</Button>}
          title={`Confirmar o pagamento do pedido ${order.code}?`}
          consequence={
            <p>
              Confirme só depois de ver {formatMoney(order.total)} recebidos. O pedido passa a “Pago”, as
              vagas ficam confirmadas, a fatura fica paga e o cliente recebe um e-mail.
            </p>
          }
          confirmLabel="Confirmar pagamento"
          onConfirm={() => run({ kind: 'confirmar' }, 'Pagamento confirmado.')}
        />
      ) : null}
      {actions.extend_hold.allowed ? <ExtendHold order={order} run={run} /> : null}
      {actions.reissue_pix ? (
        <ConfirmDialog
          trigger={<Button variant="secondary">Reemitir Pix</Button>}
          title={`Reemitir o Pix do pedido ${order.code}?`}
          consequence={
            <p>
              Um novo código Pix é gerado e enviado ao cliente por e-mail. O código atual deixa de valer: um
              pagamento feito com ele será recusado. O prazo da reserva não muda.
            </p>
          }
          confirmLabel="Reemitir Pix"
          onConfirm={() => run({ kind: 'reemitir-pix' }, 'Novo Pix enviado ao cliente.')}
        />
      ) : null}
      {actions.resend_email ? (
        <ConfirmDialog
          trigger={<Button variant="secondary">Reenviar e-mail</Button>}
          title={`Reenviar o e-mail do pedido ${order.code}?`}
          consequence={
            <p>
              {order.customer.email} recebe de novo o e-mail da situação atual do pedido
              {order.status === 'aguardando_pagamento' ? ', com as instruções de pagamento' : ''}.
            </p>
          }
          confirmLabel="Reenviar e-mail"
          onConfirm={() => run({ kind: 'reenviar-email' }, 'E-mail reenviado.')}
        />
      ) : null}
      {actions.cancel.allowed ? <CancelOrder order={order} run={run} /> : null}
    </div>
  );
}
