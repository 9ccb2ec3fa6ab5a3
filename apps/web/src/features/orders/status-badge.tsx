import { orderStatusLabels, type OrderStatus } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';

const tone: Record<OrderStatus, string> = {
  aguardando_pagamento: 'bg-amber-50 text-amber-900 ring-amber-200',
  pago: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  em_veiculacao: 'bg-sky-50 text-sky-900 ring-sky-200',
  concluido: 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelado: 'bg-red-50 text-red-800 ring-red-200',
  expirado: 'bg-slate-100 text-slate-700 ring-slate-300',
  pago_apos_expirar: 'bg-orange-50 text-orange-900 ring-orange-200',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tone[status],
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
