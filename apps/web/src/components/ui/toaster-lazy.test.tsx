import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { Toaster } from './toaster.tsx';

// docs/decisions/041-page-budgets.md: sonner is fetched with the first toast, not on every first screen.
describe('Toaster carregado com o primeiro aviso', () => {
  it('sem aviso não há região de notificações; o primeiro aviso a traz e aparece', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: /^Notificações/ })).toBeNull();
    act(() => {
      toast.error('Não foi possível salvar');
    });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Não foi possível salvar',
    );
    expect(screen.getByRole('region', { name: /^Notificações/ })).toBeTruthy();
  });
});
