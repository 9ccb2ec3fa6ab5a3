import { useState } from 'react';
import { Link } from 'react-router';
import {
  buildPath,
  formatAmount,
  formatDate,
  formatInteger,
  formatMoney,
  parseReais,
  paths,
  type AdminMakeGood,
} from '@urbana/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useAuth } from '../../../features/auth/index.ts';
import { AdminPage, QueryState, Table, Th } from '../../../features/admin/index.ts';
import { useGrantMakeGood, useMakeGoods } from '../../../features/admin/api/use-screens.ts';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';

/** Grants a pending make-good as a credit (a single-use coupon) on the customer's next order. */
function Grant({ item }: { item: AdminMakeGood }) {
  const grant = useGrantMakeGood();
  const [amount, setAmount] = useState(formatAmount(item.suggested_credit));
  const [note, setNote] = useState('');
  const credit = parseReais(amount);
  const wrong =
    credit === null || credit <= 0 || credit > item.item_total
      ? `Informe um crédito de R$ 0,01 a ${formatMoney(item.item_total)}.`
      : undefined;
  return (
    <ConfirmDialog
      trigger={<Button size="sm">Conceder crédito</Button>}
      title={`Conceder reposição no pedido ${item.order_code}?`}
      consequence={`${item.product} exibiu ${formatInteger(item.delivered_plays)} de ${formatInteger(item.booked_plays)} vezes. O cliente recebe um cupom de uso único com o crédito para o próximo pedido, e o relatório da campanha mostra a reposição.`}
      confirmLabel="Conceder"
      confirmDisabled={Boolean(wrong)}
      onConfirm={async () => {
        await grant.mutateAsync({
          id: item.order_item_id,
          input: { credit: credit ?? item.suggested_credit, ...(note.trim() ? { note: note.trim() } : {}) },
        });
        toast.success('Reposição concedida');
      }}
    >
      <div className="space-y-3">
        <Field
          label="Crédito (R$)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={wrong}
          hint={`Sugerido: a parte não exibida do que foi pago, ${formatMoney(item.suggested_credit)}.`}
        />
        <Field
          label="Observação ao cliente (opcional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

/**
 * Make-goods (issue #43 item 5, decision 105): screen bookings that ended under the threshold of
 * their booked plays; pending ones first. Granting gives money back, so only admins see the button.
 */
export function Component() {
  const list = useMakeGoods();
  const { user } = useAuth();
  const pending = list.data?.items.filter((m) => m.status === 'pendente').length ?? 0;
  return (
    <AdminPage
      title="Reposições"
      description={`Reservas de telas que exibiram menos do que o contratado. ${formatInteger(pending)} pendente${pending === 1 ? '' : 's'}.`}
    >
      <QueryState
        query={list}
        loading="Carregando reposições..."
        empty="Nenhuma reserva entregue abaixo do contratado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(d) => (
          <Table
            label="Reposições"
            head={
              <>
                <Th>Pedido</Th>
                <Th>Face</Th>
                <Th>Entrega</Th>
                <Th>Situação</Th>
                <Th>Ação</Th>
              </>
            }
          >
            {d.items.map((m) => (
              <tr key={m.order_item_id} data-make-good={m.status}>
                <td className="px-3 py-2">
                  <Link
                    className="font-medium underline"
                    to={buildPath(paths.admin.pedido, { id: m.order_id })}
                  >
                    {m.order_code}
                  </Link>
                  <p className="text-xs text-slate-600">desde {formatDate(m.asked_at)}</p>
                </td>
                <td className="px-3 py-2">{m.product}</td>
                <td className="px-3 py-2">
                  {formatInteger(m.delivered_plays)} de {formatInteger(m.booked_plays)} exibições (
                  {m.percent ?? 0}%)
                </td>
                <td className="px-3 py-2">
                  {m.status === 'pendente' ? (
                    <Badge tone="amber">Pendente</Badge>
                  ) : (
                    <span className="space-y-1">
                      <Badge tone="green">Concedida</Badge>
                      <span className="block text-xs text-slate-700">
                        {formatMoney(m.credit ?? 0)} · cupom {m.coupon_code}
                      </span>
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  {m.status === 'pendente' ? (
                    user?.is_admin ? (
                      <Grant item={m} />
                    ) : (
                      <span className="text-xs text-slate-600">Um administrador concede o crédito.</span>
                    )
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
    </AdminPage>
  );
}
