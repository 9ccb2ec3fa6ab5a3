import { availabilityLabels, type AvailabilityStatus } from '@urbana/shared';
import { cn } from '../../../lib/cn.ts';

const tone: Record<AvailabilityStatus, string> = {
  livre: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  poucas_vagas: 'bg-amber-50 text-amber-900 ring-amber-200',
  indisponivel: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function AvailabilityBadge({ status, className }: { status: AvailabilityStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tone[status],
        className,
      )}
    >
      {availabilityLabels[status]}
    </span>
  );
}
