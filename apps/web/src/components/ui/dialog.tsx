import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { dismissToasts } from './toaster.tsx';

export const Dialog = DialogPrimitive.Root;

// The dialogs on screen, oldest first. Radix lets the top-most layer alone take Esc, but it learns
// which layer is on top one render late: an Esc pressed just as a confirmation opens over a detail
// dialog closed both (seen in e2e/dialog-focus.spec.ts on a loaded machine). Only the newest closes.
const openDialogs: HTMLElement[] = [];
const trackOpen = (node: HTMLElement | null) => {
  if (!node) return;
  dismissToasts();
  openDialogs.push(node);
  return () => {
    openDialogs.splice(openDialogs.indexOf(node), 1);
  };
};
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  closable = true,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** False for a dialog that must be answered (the new terms): no ✕ that would do nothing. */
  closable?: boolean;
}) {
  // What had focus when the dialog opened. Radix returns focus to its Trigger, but a dialog opened by
  // state (a list row's "Ver detalhes") has none and focus fell to <body>; issue #17 item 8 wants it
  // back on the opener, as docs/decisions/027-dialog-focus-return.md records.
  const opener = useRef<HTMLElement | null>(null);
  const self = useRef<HTMLDivElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        ref={(node) => {
          self.current = node;
          return trackOpen(node);
        }}
        onEscapeKeyDown={(event) => {
          if (openDialogs.at(-1) !== self.current) event.preventDefault();
        }}
        onOpenAutoFocus={() => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {/* Clear of the ✕ (right-3, 36 px wide): a title of two lines on a phone ran under it. */}
        <DialogPrimitive.Title className={cn('text-xl font-bold text-slate-900', closable && 'mr-8')}>
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        {closable ? (
          <DialogPrimitive.Close
            aria-label="Fechar"
            className="absolute right-3 top-3 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
