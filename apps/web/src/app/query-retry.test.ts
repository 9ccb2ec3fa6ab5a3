import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient } from './providers.tsx';

/** The retry rule every query gets from the app's client (docs/spec/specification.md §9: a failed query is retried once). */
function retryOf() {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('retry is not a rule');
  return (failureCount: number, error: Error) => retry(failureCount, error);
}

describe('nova tentativa das consultas', () => {
  it('uma falha de rede ou do servidor (5xx) é tentada de novo uma vez', () => {
    const retry = retryOf();
    const network = new ApiError(0, 'Sem conexão com o servidor.');
    const server = new ApiError(503, 'Serviço indisponível.');
    expect(retry(0, network)).toBe(true);
    expect(retry(1, network)).toBe(false);
    expect(retry(0, server)).toBe(true);
    expect(retry(1, server)).toBe(false);
  });

  it('uma recusa (4xx) não é tentada de novo', () => {
    const retry = retryOf();
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(retry(0, new ApiError(status, 'Recusado.'))).toBe(false);
    }
  });
});
