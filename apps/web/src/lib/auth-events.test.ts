import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { sessionEnds, type SessionEnd } from './auth-events.ts';

/** Issue #17 item 3: the API client reports a session or staff role the server has ended. */
describe('api client: 401 / 403 end the session or the staff access', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function endsFor(path: string, status: number): Promise<SessionEnd[]> {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Recusado.' }), { status })),
    );
    const seen: SessionEnd[] = [];
    const stop = sessionEnds.subscribe((end) => seen.push(end));
    await expect(api(path)).rejects.toBeInstanceOf(ApiError);
    stop();
    return seen;
  }

  it('401 anywhere but the sign-in forms: the session ended', async () => {
    expect(await endsFor('/api/orders', 401)).toEqual(['sessao_encerrada']);
    expect(await endsFor('/api/admin/usuarios', 401)).toEqual(['sessao_encerrada']);
    expect(await endsFor('/api/auth/sign-in', 401)).toEqual([]);
  });

  it('403 on a staff area: the access was removed; elsewhere nothing', async () => {
    expect(await endsFor('/api/admin/campanhas', 403)).toEqual(['acesso_removido']);
    expect(await endsFor('/api/orders/x', 403)).toEqual([]);
    expect(await endsFor('/api/admin/campanhas', 409)).toEqual([]);
  });
});
