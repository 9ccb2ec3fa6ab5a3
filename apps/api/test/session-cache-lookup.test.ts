import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { SessionCache, type CachedSession } from '../src/services/session-cache.ts';

// Only `lookup` is exercised: it needs neither the database nor the LISTEN connection.
const cache = () => new SessionCache({} as Database, 10_000, { warn: () => undefined } as never);

const session = (name: string): CachedSession =>
  ({
    user: { id: 'u1', nome_completo: name },
    sessionId: 's1',
    expiresAt: new Date(Date.now() + 60_000),
  }) as never;

/** A read that answers when told to, counting how often it was started. */
function deferredRead() {
  const calls: Array<(value: CachedSession | null) => void> = [];
  const read = () => new Promise<CachedSession | null>((resolve) => calls.push(resolve));
  return { read, calls };
}

describe('leitura de sessão compartilhada', () => {
  it('pedidos do mesmo cookie que chegam juntos fazem uma leitura só', async () => {
    const sessions = cache();
    const { read, calls } = deferredRead();
    const answers = Array.from({ length: 10 }, () => sessions.lookup('h1', read));
    expect(calls).toHaveLength(1);
    calls[0]!(session('Ana'));
    const resolved = await Promise.all(answers);
    expect(resolved.map((s) => s?.user.nome_completo)).toEqual(Array(10).fill('Ana'));
    // Done: the next lookup reads again (nothing is kept while the cache is not listening).
    void sessions.lookup('h1', read);
    expect(calls).toHaveLength(2);
  });

  it('outro cookie tem a sua própria leitura', () => {
    const sessions = cache();
    const { read, calls } = deferredRead();
    void sessions.lookup('h1', read);
    void sessions.lookup('h2', read);
    expect(calls).toHaveLength(2);
  });

  it('um pedido que chega depois de uma invalidação não recebe a leitura anterior a ela', async () => {
    const sessions = cache();
    const { read, calls } = deferredRead();
    const before = sessions.lookup('h1', read);
    sessions.forgetUser('u1');
    const after = sessions.lookup('h1', read);
    expect(calls).toHaveLength(2);
    calls[0]!(session('Antes'));
    calls[1]!(null);
    expect((await before)?.user.nome_completo).toBe('Antes');
    expect(await after).toBeNull();
  });

  it('uma leitura que falha não fica guardada: a próxima lê de novo', async () => {
    const sessions = cache();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('banco fora'));
    };
    await expect(sessions.lookup('h1', failing)).rejects.toThrow('banco fora');
    await expect(sessions.lookup('h1', failing)).rejects.toThrow('banco fora');
    expect(calls).toBe(2);
  });
});
