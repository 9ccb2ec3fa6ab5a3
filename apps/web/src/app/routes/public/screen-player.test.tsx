import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playlist } from '@urbana/shared';
import { pendingPlays, signRequest } from '../../../features/screens/player-client.ts';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component as ScreenPlayer } from './screen-player.tsx';

const playlist: Playlist = {
  player_id: 't1',
  name: 'Player Eixo',
  orientation: 'paisagem',
  resolution: '1920x1080',
  loop_seconds: 0.1,
  // A spot of 50 ms, so the test sees a play end.
  spot_seconds: 0.05,
  opens_at: '00:00',
  closes_at: '00:00',
  timezone: 'America/Sao_Paulo',
  day: '2026-11-21',
  version: 'v1',
  bookings: [{ booking_id: 'b1', ad_id: 'a1', spots: 1 }],
  spots: [
    {
      position: 1,
      kind: 'campanha',
      booking_id: 'b1',
      ad_id: 'a1',
      creatives: [
        {
          media_id: 'm1',
          kind: 'imagem',
          mime: 'image/png',
          width: 1920,
          height: 1080,
          duration_ms: null,
          size_bytes: 3,
          url: '/api/telas/t1/midias/m1',
        },
      ],
    },
    { position: 2, kind: 'vazio', booking_id: null, ad_id: null, creatives: [] },
  ],
};

let calls: Array<{ url: string; init: RequestInit }> = [];

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/programacao')) return Response.json(playlist, { headers: { etag: '"v1"' } });
      if (url.endsWith('/midias/m1')) return new Response(new Blob(['png'], { type: 'image/png' }));
      return Response.json({ received: 1, recorded: 1, duplicates: 0 });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:m1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/tela/:id, o player web', () => {
  it('sem chave pareada, pede o QR code', async () => {
    renderRoute('/tela/:id', ScreenPlayer, { url: '/tela/t1' });
    expect(await screen.findByText(/ainda não foi pareada/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('pareado pelo endereço do QR code: toca o criativo, registra a exibição e a envia assinada', async () => {
    window.history.replaceState(null, '', '/tela/t1#chave=segredo-da-tela');
    const { container } = renderRoute('/tela/:id', ScreenPlayer, { url: '/tela/t1' });
    // The key leaves the address bar and stays in this browser.
    expect(window.location.hash).toBe('');
    await waitFor(() => expect(container.querySelector('img[src="blob:m1"]')).toBeTruthy());
    await waitFor(() => expect(pendingPlays('t1').length).toBeGreaterThan(0));
    const [played] = pendingPlays('t1');
    expect(played).toMatchObject({ media_id: 'm1', booking_id: 'b1' });
    // Only a file really shown counts: the empty spot left nothing.
    expect(pendingPlays('t1').every((p) => p.media_id === 'm1')).toBe(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/telas/t1/exibicoes')).toBe(true));
    const post = calls.find((c) => c.url === '/api/telas/t1/exibicoes')!;
    const headers = post.init.headers as Record<string, string>;
    const time = headers['x-urbana-tela-data']!;
    expect(headers['x-urbana-tela-assinatura']).toBe(
      await signRequest('segredo-da-tela', {
        time,
        method: 'POST',
        path: '/api/telas/t1/exibicoes',
        body: post.init.body as string,
      }),
    );
    const sentIds = (JSON.parse(post.init.body as string) as { plays: Array<{ id: string }> }).plays.map(
      (p) => p.id,
    );
    await waitFor(() => expect(pendingPlays('t1').some((p) => sentIds.includes(p.id))).toBe(false));
  });
});
