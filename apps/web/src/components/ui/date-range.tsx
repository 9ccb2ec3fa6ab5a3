import { useId, useState } from 'react';
import { dateRangeProblem } from '@urbana/shared';
import { Field, filterControlClass } from './field.tsx';

export interface DateRangeValue {
  from: string;
  to: string;
}

/** The changed ends under the URL's own names (e.g. `{ from: 'de', to: 'ate' }`). */
export function rangeParams(
  changes: Partial<DateRangeValue>,
  names: { from: string; to: string },
): Record<string, string> {
  const params: Record<string, string> = {};
  if (changes.from !== undefined) params[names.from] = changes.from;
  if (changes.to !== undefined) params[names.to] = changes.to;
  return params;
}

/**
 * Two labelled date inputs, "De" and "Até" (issue #18 item 4: one date range for every filter). A
 * range that ends before it starts is not applied: it stays as typed, with the message under "Até",
 * until it is fixed; a valid change is handed to `onChange` at once, with only the ends that differ
 * from `value` (so a default end shown from the server is not written into the URL).
 */
export function DateRange({
  value,
  onChange,
  labels = { from: 'De', to: 'Até' },
  className = 'w-40',
  min,
}: {
  value: DateRangeValue;
  onChange: (changes: Partial<DateRangeValue>) => void;
  labels?: { from: string; to: string };
  /** Width of each input's block (e.g. `w-40`). */
  className?: string;
  min?: string | undefined;
}) {
  const [draft, setDraft] = useState(value);
  // A new value from outside (the URL changed, filters were cleared) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }
  const error = dateRangeProblem(draft.from, draft.to) ?? undefined;
  const messageId = useId();
  // Both dates are refused together; the message takes a line of its own below them, so the two
  // fields (and a toolbar's buttons) stay on one line instead of the second one growing alone.
  const refused = error ? ({ 'aria-invalid': true, 'aria-describedby': messageId } as const) : {};
  const edit = (next: DateRangeValue) => {
    setDraft(next);
    if (dateRangeProblem(next.from, next.to)) return;
    const changes: Partial<DateRangeValue> = {};
    if (next.from !== value.from) changes.from = next.from;
    if (next.to !== value.to) changes.to = next.to;
    onChange(changes);
  };
  return (
    <>
      <Field
        label={labels.from}
        layout="compact"
        controlClassName={filterControlClass}
        type="date"
        className={className}
        min={min}
        value={draft.from}
        {...refused}
        onChange={(e) => edit({ ...draft, from: e.target.value })}
      />
      <Field
        label={labels.to}
        layout="compact"
        controlClassName={filterControlClass}
        type="date"
        className={className}
        min={min}
        value={draft.to}
        {...refused}
        onChange={(e) => edit({ ...draft, to: e.target.value })}
      />
      {error ? (
        <p id={messageId} className="col-span-full basis-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
