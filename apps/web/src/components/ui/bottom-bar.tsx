import type { ReactNode } from 'react';

/**
 * The bar fixed at the bottom of a phone's screen with a page's total and its one main action (the
 * product page's booking, the cart's way to the checkout); from `lg` up the page's own summary shows
 * them. `data-bottom-bar`: the page ends above the bar (index.css), so nothing stays under it.
 */
export function BottomBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      data-bottom-bar
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">{children}</div>
    </section>
  );
}
