import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { setToastSide, subscribeToaster, toasterWanted, type ToastKind } from './toaster-state.ts';

export { whenToasterReady, type ToastKind } from './toaster-state.ts';

interface ToasterModule {
  ToasterView: ComponentType;
  showToast: (kind: ToastKind, title: string, description?: string) => void;
  dismissToasts: () => void;
}
let loading: Promise<ToasterModule> | undefined;
/** The toaster's module (sonner), fetched once, when the first toast asks for it. */
export const loadToaster = (): Promise<ToasterModule> => (loading ??= import('./toaster-view.tsx'));

/**
 * Takes the toasts on screen away, when there are any (sonner is not loaded for this): a dialog
 * opening does it, since they told of the step before it, and on a phone they covered the dialog's
 * title and ✕ for their four seconds. A toast of what is done inside the dialog shows over it.
 */
export function dismissToasts(): void {
  void loading?.then((toaster) => toaster.dismissToasts());
}
const ToasterView = lazy(() => loadToaster().then((m) => ({ default: m.ToasterView })));

/**
 * Where toasts appear (specification §9, docs/spec/specification.md). Nothing is drawn, and sonner
 * is not loaded, until the first toast of the visit (docs/decisions/041-page-budgets.md); the server
 * draws nothing either, so hydration matches.
 */
export function Toaster() {
  const show = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
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

/**
 * While the calling component is on the page, toasts stand at the top left on a wide screen: for a
 * page whose own controls are at the top right, where a toast covered them for its four seconds (the
 * product page's booking card, issue #40 item 10). A phone keeps them full width below the header.
 */
export function useToastsOnTheLeft(): void {
  useEffect(() => {
    setToastSide('left');
    return () => setToastSide('right');
  }, []);
}
