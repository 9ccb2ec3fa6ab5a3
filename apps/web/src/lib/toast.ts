export interface ToastRecord {
  id: number;
  kind: 'success' | 'info' | 'error';
  title: string;
  description?: string | undefined;
}

let toasts: ToastRecord[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** A tiny store for the toaster; toasts have a title and an optional description (seed §8). */
export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => toasts,
  add(kind: ToastRecord['kind'], title: string, description?: string) {
    const id = nextId++;
    toasts = [...toasts, { id, kind, title, description }];
    notify();
    return id;
  },
  remove(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    notify();
  },
};

export const toast = {
  success: (title: string, description?: string) => toastStore.add('success', title, description),
  info: (title: string, description?: string) => toastStore.add('info', title, description),
  error: (title: string, description?: string) => toastStore.add('error', title, description),
};
