import { X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { toastStore, type ToastRecord } from '../../lib/toast.ts';

/** Seed §9 toast constants. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 20;
export const TOAST_REMOVE_DELAY_MS = 200;

/** The newest toasts, at most three at once; each closes by itself, by its button or by a swipe. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.snapshot);
  const visible = toasts.slice(-TOAST_VISIBLE).reverse();
  return (
    // aria-live="off": each toast is its own live region (below); the attribute is here so that a
    // modal dialog, which hides the rest of the page from assistive technology, keeps this region
    // reachable (Radix's aria-hidden skips [aria-live] elements): a confirmed step inside a dialog
    // (block a user, docs/decisions/027-dialog-focus-return.md) is still announced.
    <section
      aria-label="Notificações"
      aria-live="off"
      className="pointer-events-none fixed inset-x-4 top-4 z-[60] flex flex-col items-end sm:left-auto sm:right-4"
      style={{ gap: TOAST_GAP_PX }}
    >
      {visible.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: ToastRecord }) {
  const [leaving, setLeaving] = useState(false);
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);

  const close = () => {
    if (leaving) return;
    setLeaving(true);
    window.setTimeout(() => toastStore.remove(toast.id), TOAST_REMOVE_DELAY_MS);
  };

  useEffect(() => {
    if (paused || leaving) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(close, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
    // close is stable enough for this toast's lifetime
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused, leaving]);

  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setOffset(e.clientX - start.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  };

  const isError = toast.kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      data-toast={toast.kind}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{
        maxWidth: TOAST_WIDTH_PX,
        transform: `translateX(${offset}px)`,
        transitionDuration: `${TOAST_REMOVE_DELAY_MS}ms`,
      }}
      className={cn(
        'pointer-events-auto relative w-full touch-pan-y select-none rounded-lg border bg-white py-3 pl-4 pr-10 shadow-lg transition-opacity',
        isError ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 text-slate-900',
        toast.kind === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
        leaving ? 'opacity-0' : 'opacity-100',
      )}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
      <button
        type="button"
        onClick={close}
        aria-label="Fechar notificação"
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:bg-black/5 hover:opacity-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
