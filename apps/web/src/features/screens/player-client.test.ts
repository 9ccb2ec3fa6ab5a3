import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PlaylistSpot } from '@urbana/shared';
import { signRequest } from './player-client.ts';
import { creativeAt } from './use-player.ts';

describe('o player da tela', () => {
  it('assina como a API confere: HMAC-SHA256 da data, método, caminho e hash do corpo', async () => {
    const body = JSON.stringify({ plays: [] });
    const input = { time: '1796100000', method: 'POST', path: '/api/telas/abc/exibicoes', body };
    const text = `1796100000\nPOST\n/api/telas/abc/exibicoes\n${createHash('sha256').update(body).digest('hex')}`;
    const expected = createHmac('sha256', 'chave-da-tela').update(text).digest('hex');
    expect(await signRequest('chave-da-tela', input)).toBe(expected);
    expect(await signRequest('outra-chave', input)).not.toBe(expected);
  });

  it('um spot com vários arquivos toca o seguinte a cada volta do loop', () => {
    const file = (media_id: string) => ({
      media_id,
      kind: 'imagem' as const,
      mime: 'image/png',
      width: 1,
      height: 1,
      duration_ms: null,
      size_bytes: 1,
      url: `/x/${media_id}`,
    });
    const spot: PlaylistSpot = {
      position: 1,
      kind: 'casa',
      booking_id: null,
      ad_id: null,
      creatives: [file('a'), file('b')],
    };
    expect([0, 1, 2, 3].map((loop) => creativeAt(spot, loop)?.media_id)).toEqual(['a', 'b', 'a', 'b']);
    expect(creativeAt({ ...spot, kind: 'vazio', creatives: [] }, 0)).toBeNull();
  });
});
