import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, toastStore } from '../../lib/toast.ts';
import { Dialog, DialogContent } from './dialog.tsx';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => {
    for (const t of toastStore.snapshot()) toastStore.remove(t.id);
  });
});

describe('Toaster com um diálogo modal aberto', () => {
  it('o aviso de uma ação feita dentro do diálogo continua acessível (não fica sob aria-hidden)', async () => {
    render(
      <div>
        <Toaster />
        <Dialog open>
          <DialogContent title="Usuário">
            <p>Detalhes</p>
          </DialogContent>
        </Dialog>
      </div>,
    );
    await screen.findByRole('dialog', { name: 'Usuário' });
    act(() => {
      toast.success('Usuário bloqueado e desconectado');
    });
    // getByRole leaves out what assistive technology cannot reach (aria-hidden subtrees).
    expect(screen.getByRole('status').textContent).toContain('Usuário bloqueado e desconectado');
    expect(screen.getByRole('region', { name: 'Notificações' })).toBeTruthy();
  });
});
