import { orderStatusLabels, type OrderStatus } from '@urbana/shared';
import { StatusBadge, type BadgeTone } from '../../components/ui/badge.tsx';

const tones: Record<OrderStatus, BadgeTone> = {
  aguardando_pagamento: 'amber',
  pago: 'green',
  em_veiculacao: 'blue',
  concluido: 'slate',
  cancelado: 'red',
  expirado: 'muted',
  pago_apos_expirar: 'orange',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge status={status} labels={orderStatusLabels} tones={tones} />;
}
