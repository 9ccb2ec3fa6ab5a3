import { httpMessages } from '@urbana/shared';
import { sessionEndOf, sessionEnds } from './auth-events.ts';

/** An API answer other than 2xx, carrying the server's Portuguese `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body !== undefined ? { 'content-type': 'application/json' } : {},
      body: init.body !== undefined ? JSON.stringify(init.body) : null,
    });
  } catch {
    throw new ApiError(0, 'Sem conexão com o servidor. Verifique sua internet e tente novamente.');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const end = sessionEndOf(path, response.status);
    if (end) sessionEnds.emit(end);
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : httpMessages.internal;
    throw new ApiError(response.status, message);
  }
  return data as T;
}

/** The message to show for a failed call: the server's own for 4xx and network errors, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return fallback;
}
