import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers.tsx';
import type { CampaignDetail } from '../../campaigns/index.ts';
import { Proofs } from './campaign-review.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const campaign = {
  id: 'c1',
  product: 'Painel Eixo',
  start: '2026-12-07',
  weeks: 2,
  started_at: '2026-12-07T12:00:00.000Z',
  proofs: [
    {
      id: 'f1',
      taken_on: '2026-12-08',
      caption: 'Outra face',
      url: '/f1',
      thumb_url: '/f1-mini',
      place_line: null,
      warnings: [],
    },
  ],
} as unknown as CampaignDetail;

describe('foto de comprovação enviada por engano (issue #40 item 7)', () => {
  it('"Remover" pede o motivo e apaga a foto no servidor com ele', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ ...campaign, proofs: [] })),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Proofs campaign={campaign} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover a foto de 08/12/2026' }));
    // Without a reason nothing is sent, and the field says why.
    fireEvent.click(screen.getByRole('button', { name: 'Remover foto' }));
    expect(await screen.findByText('Diga por que a foto sai (até 300 caracteres).')).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Motivo (por exemplo, foto de outra face)'), {
      target: { value: 'Foto da face B' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remover foto' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const sent = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]![0])).toBe('/api/admin/campanhas/c1/comprovacoes/f1');
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ motivo: 'Foto da face B' });
  });
});
