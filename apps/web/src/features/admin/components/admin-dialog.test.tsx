import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from './admin-dialog.tsx';
import {
  Dialog as PublicDialog,
  DialogContent as PublicDialogContent,
} from '../../../components/ui/dialog.tsx';

/** A list row's "Ver detalhes": the dialog is opened by state, with no Radix Trigger (issue #17 item 8). */
function OpenedByState({ publicDialog = false }: { publicDialog?: boolean }) {
  const [open, setOpen] = useState(false);
  const Root = publicDialog ? PublicDialog : Dialog;
  const Content = publicDialog ? PublicDialogContent : DialogContent;
  return (
    <div>
      <button type="button">Outro botão</button>
      <button type="button" onClick={() => setOpen(true)}>
        Ver detalhes
      </button>
      {open ? (
        <Root open onOpenChange={(next) => (next ? null : setOpen(false))}>
          <Content title="Usuário">
            <p>Detalhes</p>
          </Content>
        </Root>
      ) : null}
    </div>
  );
}

describe('diálogo aberto por estado devolve o foco a quem o abriu', () => {
  for (const publicDialog of [false, true]) {
    it(`${publicDialog ? 'público' : 'painel'}: Esc e × voltam ao botão da linha`, async () => {
      render(<OpenedByState publicDialog={publicDialog} />);
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
  }
});
