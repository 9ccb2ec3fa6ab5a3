import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './providers.tsx';

function Send({ send }: { send: () => Promise<void> }) {
  const mutation = useMutation({ mutationFn: send });
  return (
    <button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
      Enviar
    </button>
  );
}

/** Lets the browser's microtask checkpoint run, as it does between two input events. */
const betweenEvents = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('um clique duplo num botão preso por isPending', () => {
  it('envia uma vez: o botão já está desabilitado quando chega o segundo clique', async () => {
    const send = vi.fn(() => new Promise<void>(() => {}));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Send send={send} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Enviar' });
    fireEvent.click(button);
    for (let i = 0; i < 5; i++) await betweenEvents();
    fireEvent.click(button);
    for (let i = 0; i < 5; i++) await betweenEvents();
    expect(send).toHaveBeenCalledTimes(1);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
