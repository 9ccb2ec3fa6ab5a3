import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast as sonner } from 'sonner';
import { toast } from '../../lib/toast.ts';
import { Dialog, DialogContent } from './dialog.tsx';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => {
    sonner.dismiss();
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
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toContain(
      'Usuário bloqueado e desconectado',
    );
    expect(screen.getByRole('region', { name: /^Notificações/ })).toBeTruthy();
  });
});

describe('Toaster montado depois do aviso', () => {
  it('um aviso feito antes de o toaster estar na página aparece quando ele chega', async () => {
    toast.success('Login realizado com sucesso!', 'Redirecionando...');
    render(<Toaster />);
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toContain(
      'Login realizado com sucesso!',
    );
  });
});
