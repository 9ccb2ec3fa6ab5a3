import { type Profile } from '@urbana/shared';
import { authEndpoints } from './endpoints/auth.ts';

/** Specification §4 (docs/spec/specification.md) auth events; the cart and favourites listen to them. */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';
export type AuthListener = (event: AuthEvent, user: Profile | null) => void;

const listeners = new Set<AuthListener>();

export const authEvents = {
  subscribe(listener: AuthListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: AuthEvent, user: Profile | null): void {
    for (const listener of listeners) listener(event, user);
  },
};

/**
 * The server ended what this tab believes (issue #17 item 3): a 401 means the session is gone
 * (blocked, password reset, expired), a 403 from /api/admin that the staff role was removed. The API
 * client reports them; the auth provider clears the signed-in state and says why.
 */
export type SessionEnd = 'sessao_encerrada' | 'acesso_removido';
export const sessionEndMessages: Record<SessionEnd, string> = {
  sessao_encerrada: 'Sua sessão terminou. Entre novamente para continuar.',
  acesso_removido: 'Seu acesso ao painel foi removido.',
};
type SessionEndListener = (end: SessionEnd) => void;
const endListeners = new Set<SessionEndListener>();

export const sessionEnds = {
  subscribe(listener: SessionEndListener): () => void {
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  },
  emit(end: SessionEnd): void {
    for (const listener of endListeners) listener(end);
  },
};

/** The sign-in endpoints (their 401 is a wrong password or code, not a session that ended). */
const signInPaths = new Set<string>(Object.values(authEndpoints).map((e) => e.path));

/** Which answers mean the session or the staff role ended: not the sign-in forms' own 401s. */
export function sessionEndOf(path: string, status: number): SessionEnd | null {
  if (status === 401 && !signInPaths.has(path.split('?')[0]!)) return 'sessao_encerrada';
  // Every staff endpoint is under /api/admin (the admin area of the endpoint table).
  if (status === 403 && path.startsWith('/api/admin')) return 'acesso_removido';
  return null;
}
