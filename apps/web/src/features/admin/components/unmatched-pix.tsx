import { formatDateTime, formatMoney, type UnmatchedPix } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRefundUnmatchedPix, useUnmatchedPix } from '../api/use-unmatched-pix.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const refundLabels = {
  pendente: 'Devolução a enviar ao PSP',
  processando: 'Devolução em processamento no PSP',
  devolvido: 'Devolvido',
  nao_realizado: 'Devolução não realizada',
} as const;

function Refund({ pix }: { pix: UnmatchedPix }) {
  const refund = useRefundUnmatchedPix();
  // A devolução not made can be sent again; one under way or done cannot.
  if (pix.refund && pix.refund.status !== 'nao_realizado')
    return <span className="text-slate-700">{refundLabels[pix.refund.status]}</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {pix.refund ? (
        <span className="text-red-700">
          {refundLabels.nao_realizado}
          {pix.refund.provider_reason ? ` (${pix.refund.provider_reason})` : ''}
        </span>
      ) : null}
      <ConfirmDialog
        trigger={<Button variant="secondary">Devolver</Button>}
        title={`Devolver ${formatMoney(pix.amount)} por Pix?`}
        consequence={
          <p>
            O valor inteiro volta pelo PSP para a conta que pagou (Pix {pix.reference}). Não dá para desfazer.
          </p>
        }
        confirmLabel="Devolver"
        onConfirm={() =>
          refund
            .mutateAsync(pix.id)
            .then((r) => {
              toast.success(r.message);
            })
            .catch((e: Error) => {
              toast.error(e.message);
            })
        }
      />
    </span>
  );
}

/**
 * "Pix sem pedido" on the orders page (issue #41): every Pix the PSP received that named no order,
 * with a button that sends it back (decision 102). Nothing when there is none.
 */
export function UnmatchedPixList() {
  const list = useUnmatchedPix();
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Pix sem pedido</h2>
      <p className="mt-1 text-sm text-slate-600">
        Pix recebidos que não correspondem a nenhum pedido: devolva o valor a quem pagou.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 text-sm" aria-label="Pix sem pedido">
        {items.map((pix) => (
          <li key={pix.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-all">
              <strong>{formatMoney(pix.amount)}</strong> · {formatDateTime(pix.received_at)} · {pix.reference}
            </span>
            <Refund pix={pix} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
