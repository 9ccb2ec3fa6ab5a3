import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The colours a status can take; every badge in the app picks one of these (issue #18 item 4). */
export type BadgeTone = 'slate' | 'muted' | 'green' | 'red' | 'amber' | 'blue' | 'orange';

const toneClass: Record<BadgeTone, string> = {
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
  muted: 'bg-slate-100 text-slate-700 ring-slate-300',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  blue: 'bg-sky-50 text-sky-900 ring-sky-200',
  orange: 'bg-orange-50 text-orange-900 ring-orange-200',
};

export function Badge({
  tone = 'slate',
  children,
  className,
  ...rest
}: { tone?: BadgeTone; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        toneClass[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}

/**
 * A record's status in words: the label comes from the shared labels (packages/shared), the tone
 * from the feature's map; `data-status` lets tests and styles find it by value.
 */
export function StatusBadge<S extends string>({
  status,
  labels,
  tones,
}: {
  status: S;
  labels: Record<S, string>;
  tones: Record<S, BadgeTone>;
}) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      {labels[status]}
    </Badge>
  );
}
