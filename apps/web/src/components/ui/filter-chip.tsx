import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** One choice of a row of list filters (status, read/unread): a toggle button, pressed when chosen. */
export function FilterChip({
  pressed,
  onClick,
  admin = false,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  /** The staff area's dark tone instead of the brand colour. */
  admin?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'rounded-full px-3 py-1.5 text-sm font-medium ring-1',
        pressed
          ? admin
            ? 'bg-slate-900 text-white ring-slate-900'
            : 'bg-brand-700 text-white ring-brand-700'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}
