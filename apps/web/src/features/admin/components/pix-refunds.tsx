import { formatDateTime, formatMoney, type AdminOrderDetail } from '@urbana/shared';

const kindLabels = {
  cancelamento: 'do cancelamento',
  pago_apos_expirar: 'do Pix pago após o prazo',
  sem_pedido: 'do Pix sem pedido',
} as const;

/** Where one devolução stands, in staff's words (decision 102). */
function stateOf(r: AdminOrderDetail['pix_refunds'][number]): string {
  switch (r.status) {
    case 'pendente':
      return r.attempts > 0
        ? `PSP fora do ar, nova tentativa em instantes (${r.attempts} ${r.attempts === 1 ? 'tentativa' : 'tentativas'}${r.last_error ? `: ${r.last_error}` : ''})`
        : 'a enviar ao PSP';
    case 'processando':
      return 'em processamento no PSP';
    case 'devolvido':
      return `devolvida${r.settled_at ? ` em ${formatDateTime(r.settled_at)}` : ''}`;
    case 'nao_realizado':
      return `não realizada${r.provider_reason ? ` (${r.provider_reason})` : ''}: devolva o valor por outro meio`;
  }
}

/**
 * The money an order got back by Pix through the PSP, on its staff page: each devolução, its amount and
 * where it stands, so a devolução not made is seen where staff act on the order.
 */
export function PixRefunds({ refunds }: { refunds: AdminOrderDetail['pix_refunds'] }) {
  if (refunds.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1" aria-label="Devoluções por Pix">
      {refunds.map((r) => (
        <li
          key={r.created_at}
          className={r.status === 'nao_realizado' ? 'font-semibold text-red-700' : undefined}
        >
          Devolução Pix {kindLabels[r.kind]}: {formatMoney(r.amount)} · {stateOf(r)}
        </li>
      ))}
    </ul>
  );
}
