import { createElement } from 'react';
import { toast as sonner } from 'sonner';
import { ToastCard, whenToasterReady, type ToastKind } from '../components/ui/toaster.tsx';

const show = (kind: ToastKind) => (title: string, description?: string) =>
  whenToasterReady(() => {
    sonner.custom((id) => createElement(ToastCard, { id, kind, title, description }));
  });

/** Toasts have a title and an optional description (specification §8). */
export const toast = {
  success: show('success'),
  info: show('info'),
  error: show('error'),
};
