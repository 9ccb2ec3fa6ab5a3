import { invoiceStatusLabels, type InvoiceStatus } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';

const tone: Record<InvoiceStatus, string> = {
  pendente: 'bg-amber-50 text-amber-900 ring-amber-200',
  paga: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  vencida: 'bg-red-50 text-red-800 ring-red-200',
  cancelada: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tone[status],
      )}
    >
      {invoiceStatusLabels[status]}
    </span>
  );
}
