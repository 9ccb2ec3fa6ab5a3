import { availabilityLabels } from '@urbana/shared';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '@urbana/shared';
import type { ProductDetail } from '@urbana/shared';

/** The next 12 weeks, each a button that starts the period there. */
export function AvailabilityCalendar({
  data,
  setPeriod,
}: {
  data: ProductDetail;
  setPeriod: (changes: { inicio?: string }) => void;
}) {
  return (
    <section aria-labelledby="calendario" className="space-y-3">
      <h2 id="calendario" className="text-xl font-bold text-slate-900">
        Disponibilidade nas próximas 12 semanas
      </h2>
      <p className="text-sm text-slate-600">
        Cada período começa no dia escolhido. Toque numa semana para começar nela.
      </p>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
        {data.calendar.map((week) => (
          <li key={week.start}>
            <button
              type="button"
              onClick={() => setPeriod({ inicio: week.start })}
              disabled={week.status === 'indisponivel'}
              aria-pressed={week.start === data.period.start}
              aria-label={`Semana de ${formatDate(week.start)}: ${availabilityLabels[week.status]}`}
              className={cn(
                'w-full rounded-lg border p-3 text-left text-sm transition-colors disabled:cursor-not-allowed',
                week.status === 'livre' && 'border-emerald-200 bg-emerald-50 hover:bg-emerald-100',
                week.status === 'poucas_vagas' && 'border-amber-200 bg-amber-50 hover:bg-amber-100',
                week.status === 'indisponivel' && 'border-slate-200 bg-slate-100 text-slate-600',
                week.start === data.period.start && 'ring-2 ring-brand-600',
              )}
            >
              <span className="block font-semibold text-slate-900">{formatDate(week.start)}</span>
              <span className="block text-xs">{availabilityLabels[week.status]}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
