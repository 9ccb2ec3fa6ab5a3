import { formatInteger } from '@urbana/shared';

/**
 * Horizontal bars drawn with plain elements (no chart library on a public page). Each row reads as
 * text — label and value — so the chart needs no separate description for screen readers.
 */
export function BarChart({
  title,
  rows,
  unit,
}: {
  title: string;
  rows: Array<{ key: string; label: string; value: number }>;
  unit: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <ul className="mt-4 space-y-3">
        {rows.map((r) => (
          <li
            key={r.key}
            className="grid grid-cols-[8rem_minmax(0,1fr)] items-center gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
          >
            <span className="truncate text-slate-700" title={r.label}>
              {r.label}
            </span>
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="h-4 rounded-sm bg-brand-700"
                style={{ width: `${Math.max(1, (r.value / max) * 100) * 0.75}%` }}
              />
              <span className="whitespace-nowrap font-medium text-slate-900">
                {formatInteger(r.value)}
                <span className="sr-only"> {unit}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
