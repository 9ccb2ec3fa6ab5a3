import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'info' | 'error';

type ToasterModule = typeof import('./toaster-view.tsx');
let loading: Promise<ToasterModule> | undefined;
/** The toaster's module (sonner), fetched once, when the first toast asks for it. */
export const loadToaster = (): Promise<ToasterModule> => (loading ??= import('./toaster-view.tsx'));
const ToasterView = lazy(() => loadToaster().then((m) => ({ default: m.ToasterView })));

let wanted = false;
let ready = false;
const pending: Array<() => void> = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where toasts appear (specification §9, docs/spec/specification.md). Nothing is drawn, and sonner
 * is not loaded, until the first toast of the visit (docs/decisions/041-page-budgets.md); the server
 * draws nothing either, so hydration matches.
 */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  // The host is always there: a modal dialog hides everything outside it from assistive technology
  // when it opens (Radix, through aria-hidden), except `[aria-live]` elements. A toaster that arrives
  // while a dialog is open must land in a host that was spared; `off` is the attribute's neutral
  // value (sonner's own section is the live region).
  return (
    <div aria-live="off" data-toaster-host="">
      {show ? (
        <Suspense fallback={null}>
          <ToasterView />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Called by the loaded toaster once sonner listens: the toasts made meanwhile are shown now. */
export function toasterMounted(): () => void {
  ready = true;
  for (const show of pending.splice(0)) show();
  return () => {
    ready = false;
  };
}

/** Shows a toast now, or as soon as the toaster is loaded and on the page. */
export function whenToasterReady(show: () => void): void {
  if (ready) {
    show();
    return;
  }
  pending.push(show);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}
