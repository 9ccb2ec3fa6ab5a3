import { loadToaster, whenToasterReady, type ToastKind } from '../components/ui/toaster.tsx';

const show = (kind: ToastKind) => (title: string, description?: string) =>
  whenToasterReady(() => {
    void loadToaster().then((toaster) => toaster.showToast(kind, title, description));
  });

/** Toasts have a title and an optional description (specification §8). */
export const toast = {
  success: show('success'),
  info: show('info'),
  error: show('error'),
};
