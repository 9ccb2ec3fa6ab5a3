import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './button.tsx';
import { Dialog, DialogContent } from './dialog.tsx';

/**
 * Keeps a form's unsaved changes from being lost by leaving: another page of the app asks first in a
 * dialog ("Sair sem salvar?"), a reload or a closed tab gets the browser's own question. `allowLeave`
 * lets the form go on by itself after it saved (it may navigate before it re-renders clean).
 */
export function useLeaveGuard(dirty: boolean): { dialog: ReactNode; allowLeave: () => void } {
  const state = useRef({ dirty, leaving: false });
  useLayoutEffect(() => {
    state.current.dirty = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      state.current.dirty && !state.current.leaving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const dialog =
    blocker.state === 'blocked' ? (
      <Dialog open onOpenChange={(open) => (open ? undefined : blocker.reset())}>
        <DialogContent title="Sair sem salvar?">
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              As alterações deste formulário ainda não foram salvas e serão perdidas.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => blocker.reset()}>
                Continuar editando
              </Button>
              <Button variant="danger" onClick={() => blocker.proceed()}>
                Sair sem salvar
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    ) : null;
  return {
    dialog,
    allowLeave: () => {
      state.current.leaving = true;
    },
  };
}
