import { invoiceStatusLabels, type InvoiceStatus } from '@urbana/shared';
import { StatusBadge, type BadgeTone } from '../../components/ui/badge.tsx';

const tones: Record<InvoiceStatus, BadgeTone> = {
  pendente: 'amber',
  paga: 'green',
  vencida: 'red',
  cancelada: 'muted',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge status={status} labels={invoiceStatusLabels} tones={tones} />;
}
