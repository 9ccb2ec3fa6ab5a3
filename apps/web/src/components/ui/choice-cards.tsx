import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface Choice<T extends string> {
  value: T;
  title: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}

/**
 * The house way to choose one of a few options (the checkout's payment cards): each option a card
 * with its radio, title and hint; the chosen card outlined. A legend names the group.
 */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  value: T;
  choices: Array<Choice<T>>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value}
            data-choice-card=""
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4',
              value === c.value ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                {c.icon}
                {c.title}
              </span>
              {c.hint ? <span className="mt-1 block text-sm text-slate-600">{c.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
