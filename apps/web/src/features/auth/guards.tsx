import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { loadingTexts, paths, staffOnlyMessage, type Profile } from '@urbana/shared';
import { Spinner } from '../../components/ui/spinner.tsx';
import { saveRedirectPath } from './redirect.ts';
import { useAuth } from './use-auth.ts';

/**
 * The user area's guard: a visitor goes to /auth with the path saved (the seed leaves the rule
 * unshown; docs/decisions/006).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading, initialized, isLoggingOut } = useAuth();
  const location = useLocation();
  if (!initialized || loading)
    return <Spinner label={loadingTexts.restoringSession} className="min-h-[50vh]" />;
  // Right after a sign-out the redirect to / is on its way (seed §2): wait for it.
  if (!user && isLoggingOut) return <Spinner label={loadingTexts.loading} className="min-h-[50vh]" />;
  if (!user) {
    saveRedirectPath(location.pathname + location.search);
    return <Navigate to={paths.auth} replace />;
  }
  return <>{children}</>;
}

export function AccessDenied({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600" role="alert">
        {message}
      </p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        Voltar para o site
      </Link>
    </div>
  );
}

export const STAFF_ONLY_MESSAGE = staffOnlyMessage;

/** The admin area's guard: visitors go to /admin/login, customers are refused with a clear message. */
export function StaffRoute({ children, allow }: { children: ReactNode; allow?: (user: Profile) => boolean }) {
  const { user, loading, initialized, isLoggingOut } = useAuth();
  const location = useLocation();
  if (!initialized || loading)
    return <Spinner label={loadingTexts.restoringSession} className="min-h-[50vh]" />;
  if (!user && isLoggingOut) return <Spinner label={loadingTexts.loading} className="min-h-[50vh]" />;
  if (!user) {
    saveRedirectPath(location.pathname + location.search);
    return <Navigate to={paths.admin.login} replace />;
  }
  if (!user.is_staff) return <AccessDenied title="Acesso restrito" message={STAFF_ONLY_MESSAGE} />;
  if (allow && !allow(user)) {
    return <AccessDenied title="Acesso restrito" message="Esta seção é exclusiva de administradores." />;
  }
  return <>{children}</>;
}
