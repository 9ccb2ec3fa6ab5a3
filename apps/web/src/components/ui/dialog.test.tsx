import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from './dialog.tsx';

/**
 * A list row's "Ver detalhes": the dialog is opened by state, with no Radix Trigger (issue #17 item 8).
 * The public pages and the admin area share this one dialog.
 */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button">Outro botão</button>
      <button type="button" onClick={() => setOpen(true)}>
        Ver detalhes
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (next ? null : setOpen(false))}>
          <DialogContent title="Usuário">
            <p>Detalhes</p>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}

describe('diálogo aberto por estado devolve o foco a quem o abriu', () => {
  it('Esc e × voltam ao botão da linha', async () => {
    render(<OpenedByState />);
    const opener = screen.getByRole('button', { name: 'Ver detalhes' });
    for (const close of ['escape', 'x'] as const) {
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Usuário' });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      if (close === 'escape') fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      else fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
