/**
 * The toaster's state, shared by the light `toaster.tsx` (on every page) and the loaded
 * `toaster-view.tsx` (sonner, fetched with the first toast: docs/decisions/041-page-budgets.md).
 */
export type ToastKind = 'success' | 'info' | 'error';

let wanted = false;
let ready = false;
const pending: Array<() => void> = [];
const listeners = new Set<() => void>();

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has asked for the toaster in this visit. */
export const toasterWanted = (): boolean => wanted;

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

/**
 * Where toasts stand on a wide screen: top right below the header, or top left on a page whose
 * controls are at the top right (the product page's sticky booking card, issue #40 item 10).
 */
export type ToastSide = 'right' | 'left';
let side: ToastSide = 'right';
const sideListeners = new Set<() => void>();

export function subscribeToastSide(listener: () => void): () => void {
  sideListeners.add(listener);
  return () => sideListeners.delete(listener);
}
export const toastSide = (): ToastSide => side;
export function setToastSide(next: ToastSide): void {
  if (side === next) return;
  side = next;
  for (const listener of sideListeners) listener();
}
