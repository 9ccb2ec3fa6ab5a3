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
