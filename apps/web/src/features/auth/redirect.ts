import { paths, REDIRECT_STORAGE_KEY } from '@urbana/shared';

export const REDIRECT_DELAY_MS = 100;

/** Saves where to return after sign-in (docs/spec/specification.md §2: never / or /auth). */
export function saveRedirectPath(path: string): void {
  const pathname = path.split('?')[0];
  if (pathname === paths.home || pathname === paths.auth) return;
  try {
    sessionStorage.setItem(REDIRECT_STORAGE_KEY, path);
  } catch {
    // ignore
  }
}

/** The saved path (then forgotten), else /buscar-locais. */
export function takeRedirectPath(): string {
  try {
    const saved = sessionStorage.getItem(REDIRECT_STORAGE_KEY);
    sessionStorage.removeItem(REDIRECT_STORAGE_KEY);
    const pathname = saved?.split('?')[0];
    if (
      saved &&
      saved.startsWith('/') &&
      !saved.startsWith('//') &&
      pathname !== paths.home &&
      pathname !== paths.auth
    ) {
      return saved;
    }
  } catch {
    // ignore
  }
  return paths.buscarLocais;
}
