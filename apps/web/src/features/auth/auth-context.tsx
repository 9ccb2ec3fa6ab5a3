import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { paths, signInErrors, type Profile } from '@urbana/shared';
import { ApiError } from '../../lib/api-client.ts';
import { authEvents, sessionEndMessages, sessionEnds } from '../../lib/auth-events.ts';
import { readJson, removeKey, writeJson } from '../../lib/storage.ts';
import { authApi, useSessionWrites } from './api.ts';

/**
 * Set while the browser has a session, so that the start-up spinner can say 'Restaurando sua
 * sessão...' instead of 'Carregando...' (docs/decisions/006).
 */
export const SESSION_HINT_KEY = 'urbana-sessao-ativa';
export function hasSessionHint(): boolean {
  return readJson<boolean>(localStorage, SESSION_HINT_KEY, false) === true;
}

/** The password was right; the account asks for the code of its authenticator app (issue #24). */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('Digite o código do aplicativo autenticador.');
    this.name = 'TwoFactorRequired';
  }
}

export interface AuthSession {
  expires_at: string;
}

export interface AuthContextValue {
  user: Profile | null;
  session: AuthSession | null;
  /** Specification §4 (docs/spec/specification.md): loading, then initialized. */
  loading: boolean;
  initialized: boolean;
  /** Specification §9 (docs/spec/specification.md): stays on for 500 ms after a sign-out finishes. */
  isLoggingOut: boolean;
  /** staffOnly: /admin/login, where the API refuses a cliente without opening a session. */
  /** Throws TwoFactorRequired when the account has two-factor sign-in: then call verifyTwoFactor. */
  signIn(email: string, password: string, options?: { staffOnly?: boolean }): Promise<Profile>;
  verifyTwoFactor(challenge: string, code: string): Promise<Profile>;
  /** Replaces the user after a change made in Minha conta. */
  setUser(user: Profile): void;
  signUp(input: {
    email: string;
    password: string;
    nome_completo: string;
    telefone: string | null;
    terms_version: string;
  }): Promise<{
    user: Profile;
    email_confirmed: boolean;
  }>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  /** Why the server ended this tab's session or staff access, until the next sign-in. */
  sessionNotice?: string | null;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export const LOGGING_OUT_FLAG_MS = 500;

/** The answer of GET /api/auth/session (null user and session when signed out or unreachable). */
export interface InitialAuth {
  user: Profile | null;
  session: AuthSession | null;
}

/**
 * Follows what happened to the session outside this tab. When the tab comes back, it checks that the
 * session still stands (it may have been ended on the server). When another tab of this browser signs
 * out or in (it writes the session hint, so this tab gets a `storage` event), the session is asked
 * for again and this tab follows: its header, cart and favourites (docs/decisions/066-other-tabs.md).
 */
function useSessionElsewhere(
  userRef: { readonly current: Profile | null },
  apply: (next: { user: Profile | null; session: AuthSession | null }) => void,
) {
  useEffect(() => {
    const recheck = (signedInElsewhere: boolean) => {
      authApi
        .session()
        .then((result) => {
          const before = userRef.current;
          apply(result);
          if (!result.user) {
            if (before) authEvents.emit('SIGNED_OUT', null);
          } else if (before) authEvents.emit('TOKEN_REFRESHED', result.user);
          // Signed in in another tab, which already merged this browser's cart and favourites.
          else if (signedInElsewhere) authEvents.emit('INITIAL_SESSION', result.user);
        })
        .catch(() => {});
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && userRef.current) recheck(false);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== SESSION_HINT_KEY && event.key !== null))
        return;
      const signedIn = hasSessionHint();
      if (signedIn !== (userRef.current !== null)) recheck(signedIn);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [userRef, apply]);
}

export function AuthProvider({ children, initial }: { children: ReactNode; initial?: InitialAuth }) {
  const [user, setUser] = useState<Profile | null>(initial?.user ?? null);
  const [session, setSession] = useState<AuthSession | null>(initial?.session ?? null);
  const [loading, setLoading] = useState(initial === undefined);
  const [initialized, setInitialized] = useState(initial !== undefined);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const userRef = useRef<Profile | null>(null);
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);
  const writes = useSessionWrites();

  const apply = useCallback((next: { user: Profile | null; session: AuthSession | null }) => {
    userRef.current = next.user;
    setUser(next.user);
    setSession(next.session);
  }, []);

  // Initial session check at start (docs/spec/specification.md §4), unless start-up already made it.
  const initialRef = useRef(initial);
  useEffect(() => {
    let cancelled = false;
    const first = initialRef.current;
    (first ? Promise.resolve(first) : authApi.session().catch(() => ({ user: null, session: null }))).then(
      (result) => {
        if (cancelled) return;
        apply(result);
        if (result.user) writeJson(localStorage, SESSION_HINT_KEY, true);
        else removeKey(localStorage, SESSION_HINT_KEY);
        setLoading(false);
        setInitialized(true);
        // Back from Google with a new session: that is a sign-in, with the seed's sync toasts.
        const fromGoogle = window.location.pathname === paths.googleRetorno && result.user !== null;
        authEvents.emit(fromGoogle ? 'SIGNED_IN' : 'INITIAL_SESSION', result.user);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [apply]);

  useSessionElsewhere(userRef, apply);

  // The API answered 401 (session ended) or 403 on a staff area (role removed): follow the server.
  useEffect(
    () =>
      sessionEnds.subscribe((end) => {
        const current = userRef.current;
        if (!current) return;
        if (end === 'sessao_encerrada') {
          removeKey(localStorage, SESSION_HINT_KEY);
          apply({ user: null, session: null });
          setSessionNotice(sessionEndMessages.sessao_encerrada);
          authEvents.emit('SIGNED_OUT', null);
          return;
        }
        if (!current.is_staff) return;
        authApi
          .session()
          .then((result) => {
            if (result.user?.is_staff) return;
            apply(result);
            setSessionNotice(sessionEndMessages.acesso_removido);
            authEvents.emit(result.user ? 'TOKEN_REFRESHED' : 'SIGNED_OUT', result.user);
          })
          .catch(() => {});
      }),
    [apply],
  );

  const signedIn = useCallback(
    (result: { user: Profile | null; session: AuthSession | null }) => {
      if (!result.user) throw new ApiError(401, signInErrors.noUser);
      apply(result);
      setSessionNotice(null);
      writeJson(localStorage, SESSION_HINT_KEY, true);
      authEvents.emit('SIGNED_IN', result.user);
      return result.user;
    },
    [apply],
  );

  const signIn = useCallback(
    async (email: string, password: string, options?: { staffOnly?: boolean }) => {
      const result = await writes.signIn(
        options?.staffOnly ? { email, password, staff_only: true } : { email, password },
      );
      if ('two_factor' in result) throw new TwoFactorRequired(result.two_factor.challenge);
      return signedIn(result);
    },
    [signedIn, writes],
  );

  const verifyTwoFactor = useCallback(
    async (challenge: string, code: string) => signedIn(await writes.twoFactor({ challenge, code })),
    [signedIn, writes],
  );

  const setUserProfile = useCallback((next: Profile) => {
    userRef.current = next;
    setUser(next);
  }, []);

  const signOut = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      await writes.signOut().catch(() => {});
      removeKey(localStorage, SESSION_HINT_KEY);
      apply({ user: null, session: null });
      authEvents.emit('SIGNED_OUT', null);
    } finally {
      window.setTimeout(() => setIsLoggingOut(false), LOGGING_OUT_FLAG_MS);
    }
  }, [apply, writes]);

  const refresh = useCallback(async () => {
    const result = await authApi.session();
    apply(result);
  }, [apply]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session,
      loading,
      initialized,
      isLoggingOut,
      signIn,
      verifyTwoFactor,
      setUser: setUserProfile,
      signUp: writes.signUp,
      signOut,
      refresh,
      sessionNotice,
    }),
    [
      user,
      session,
      loading,
      initialized,
      isLoggingOut,
      signIn,
      verifyTwoFactor,
      setUserProfile,
      writes,
      signOut,
      refresh,
      sessionNotice,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
