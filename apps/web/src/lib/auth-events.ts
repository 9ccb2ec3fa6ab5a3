import type { Profile } from '@urbana/shared';

/** Seed §4 auth events; the cart and favourites listen to them. */
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
