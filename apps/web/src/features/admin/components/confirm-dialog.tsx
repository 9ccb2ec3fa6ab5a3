import { useState, type ReactElement, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';

/**
 * The one confirmation before an irreversible staff step (issue #17 item 2, decision 025): the title
 * asks the question, `consequence` says what happens and to whom, and the confirm button repeats the
 * action's name. The trigger is a Radix trigger, so closing (Voltar, Esc, ×) returns focus to it
 * (item 8). When `onConfirm` throws, the API's message is shown inside the dialog and nothing closes.
 * `children` are extra fields (a reason); `confirmDisabled` holds the button while they are invalid.
 */
export function ConfirmDialog({
  trigger,
  title,
  consequence,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onOpenChange,
  children,
  confirmDisabled,
  open: controlledOpen,
}: {
  trigger: ReactElement;
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Resolve to close the dialog; return false to keep it open (a field shows why). */
  onConfirm: () => Promise<boolean | void> | boolean | void;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
  confirmDisabled?: boolean;
  /** Controlled: the caller opens it (e.g. after its form validates) and hears every change. */
  open?: boolean;
}) {
  const [openState, setOpen] = useState(false);
  const open = controlledOpen ?? openState;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setError(undefined);
    onOpenChange?.(next);
  };
  const confirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      if ((await onConfirm()) !== false) change(false);
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível concluir. Tente novamente.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title}>
        <div className="space-y-4">
          <div className="text-sm text-slate-700" data-testid="confirm-consequence">
            {consequence}
          </div>
          {children}
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Voltar</Button>
            </DialogClose>
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              disabled={pending || confirmDisabled}
              onClick={() => void confirm()}
            >
              {pending ? 'Aguarde...' : confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
