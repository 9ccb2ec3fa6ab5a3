import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../src/lib/read-cache.ts';
import { accessLogLine } from '../src/plugins/app/responses.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadCache', () => {
  it('guarda até o TTL e some depois', () => {
    vi.useFakeTimers();
    const cache = new ReadCache(5_000);
    cache.set('a', '{"x":1}');
    vi.advanceTimersByTime(4_999);
    expect(cache.get('a')?.body).toBe('{"x":1}');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('descarta as entradas mais antigas além do limite e esvazia com clear', () => {
    const cache = new ReadCache(60_000, 2);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('c', '3');
    expect([cache.get('a'), cache.get('b')?.body, cache.get('c')?.body]).toEqual([undefined, '2', '3']);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });

  it('com TTL 0 não guarda nada', () => {
    const cache = new ReadCache(0);
    cache.set('a', '1');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('registro de acesso (accessLogLine)', () => {
  const ok = { method: 'GET', url: '/api/search', status: 200, ms: 3 };
  it('respostas de sucesso entram na proporção da amostra', () => {
    expect(accessLogLine(ok, 0.1, 0.05)).toEqual({ level: 'info', line: ok });
    expect(accessLogLine(ok, 0.1, 0.5)).toBeNull();
    expect(accessLogLine(ok, 0, 0)).toBeNull();
  });
  it('recusas e erros entram sempre; 5xx como erro', () => {
    expect(accessLogLine({ ...ok, status: 404 }, 0, 0.99)?.level).toBe('info');
    expect(accessLogLine({ ...ok, status: 503 }, 0, 0.99)?.level).toBe('error');
  });
});
