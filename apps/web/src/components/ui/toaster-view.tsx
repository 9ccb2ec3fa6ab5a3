import { X } from 'lucide-react';
import { createElement, useEffect, useSyncExternalStore } from 'react';
import { toast as sonner, Toaster as SonnerToaster } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { subscribeToastSide, toasterMounted, toastSide, type ToastKind } from './toaster-state.ts';

/**
 * Toasts stand below the header rather than over it (the heights are in index.css, `--toast-top`):
 * sonner's own 32 px (16 px on a phone) from the top covered the cart, the account menu, the phone
 * menu and the panel's "Ver site" and "Sair" for the four seconds a toast stays.
 */
const BELOW_THE_HEADER = { top: 'var(--toast-top)', right: '32px' };
const BELOW_THE_HEADER_LEFT = { top: 'var(--toast-top)', left: '32px' };
const BELOW_THE_HEADER_PHONE = { top: 'var(--toast-top-phone)', right: '16px', left: '16px' };

/**
 * The toaster itself (sonner), loaded with the first toast of a visit: most visits show none, and
 * sonner is ~10 kB gzip that no first screen needs (docs/decisions/041-page-budgets.md).
 * Specification §9 (docs/spec/specification.md): sonner 1.x, whose defaults are exactly its
 * constants — 4000 ms, three visible, 14 px apart, 356 px wide, closed by a 20 px swipe and removed
 * 200 ms later. Each toast is drawn here so that its close button speaks Portuguese and an error is
 * announced as an alert.
 */
export function ToasterView() {
  // sonner's toaster hears only the toasts made after it subscribed (its own effect, which runs
  // before this one): the toasts that asked for the toaster wait until now.
  useEffect(() => toasterMounted(), []);
  const side = useSyncExternalStore(subscribeToastSide, toastSide, () => 'right' as const);
  return (
    <SonnerToaster
      position={side === 'left' ? 'top-left' : 'top-right'}
      containerAriaLabel="Notificações"
      offset={side === 'left' ? BELOW_THE_HEADER_LEFT : BELOW_THE_HEADER}
      // On the left the 20 px swipe to the right still closes a toast, as everywhere else.
      swipeDirections={side === 'left' ? ['top', 'left', 'right'] : undefined}
      mobileOffset={BELOW_THE_HEADER_PHONE}
    />
  );
}

export function dismissToasts(): void {
  sonner.dismiss();
}

export function showToast(kind: ToastKind, title: string, description?: string): void {
  sonner.custom((id) => createElement(ToastCard, { id, kind, title, description }));
}

function ToastCard(props: {
  id: string | number;
  kind: ToastKind;
  title: string;
  description?: string | undefined;
}) {
  const isError = props.kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-toast={props.kind}
      className={cn(
        'relative w-[var(--width)] max-w-full rounded-lg border bg-white py-3 pl-4 pr-10 shadow-lg',
        isError ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 text-slate-900',
        props.kind === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
      )}
    >
      <p className="text-sm font-semibold">{props.title}</p>
      {props.description ? <p className="mt-0.5 text-sm opacity-90">{props.description}</p> : null}
      <button
        type="button"
        onClick={() => sonner.dismiss(props.id)}
        aria-label="Fechar notificação"
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:bg-black/5 hover:opacity-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
