import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers.tsx';
import type { CampaignDetail } from '../../campaigns/index.ts';
import { Review } from './campaign-review.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Only what the review reads: the campaign's and its ad's ids.
const campaign = {
  id: 'c1',
  product: 'Painel Eixo',
  start: '2026-12-07',
  weeks: 2,
  ad: { id: 'a1', name: 'Verão' },
} as unknown as CampaignDetail;

function renderReview() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Review campaign={campaign} />
    </QueryClientProvider>,
  );
}

/**
 * Answers nothing until `answer` is called, so a second click lands while the first review is in
 * flight; `reviews` counts the reviews sent (after the mutation's own turn of the event loop).
 */
function slowApi() {
  let answer: (r: Response) => void = () => undefined;
  const fetch = vi.fn(
    (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    reviews: async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      return fetch.mock.calls.filter(([url]) => String(url).includes('/revisao')).length;
    },
    answer: () => act(async () => answer(new Response(null, { status: 204 }))),
  };
}

/** Two clicks with the browser's microtask checkpoint between them, as between two input events. */
async function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  await act(() => new Promise<void>((resolve) => queueMicrotask(resolve)));
  fireEvent.click(button);
}

describe('revisão da arte', () => {
  it('"Aprovar anúncio" pede confirmação, e um duplo clique nela manda a revisão uma vez só', async () => {
    const api = slowApi();
    renderReview();
    // The dialog names the effect first; its confirmation is the button a double click reaches.
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar anúncio' }));
    expect(screen.getByTestId('confirm-consequence').textContent).toContain('O cliente é avisado');
    expect(await api.reviews()).toBe(0);
    await doubleClick(screen.getByRole('button', { name: 'Confirmar aprovação' }));
    expect(await api.reviews()).toBe(1);
    await api.answer();
  });

  it('um duplo clique em "Confirmar reprovação" manda a revisão uma vez só', async () => {
    const api = slowApi();
    renderReview();
    fireEvent.click(screen.getByRole('button', { name: 'Reprovar…' }));
    fireEvent.change(screen.getByLabelText('Motivo da reprovação (o cliente vê este texto)'), {
      target: { value: 'Texto ilegível à distância' },
    });
    const confirm = screen.getByRole('button', { name: 'Confirmar reprovação' });
    await doubleClick(confirm);
    expect(await api.reviews()).toBe(1);
    await api.answer();
  });
});
