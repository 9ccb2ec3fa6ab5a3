import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { loadingTexts, notAllowListedMessage, paths, staffOnlyMessage, type Profile } from '@urbana/shared';
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
  // Right after a sign-out the redirect to / is on its way (docs/spec/specification.md §2): wait for it.
  if (!user && isLoggingOut) return <Spinner label={loadingTexts.loading} className="min-h-[50vh]" />;
  if (!user) {
    saveRedirectPath(location.pathname + location.search);
    return <Navigate to={paths.auth} replace />;
  }
  return <>{children}</>;
}

export function AccessDenied({
  title,
  message,
  back = { to: paths.home, label: 'Voltar para o site' },
}: {
  title: string;
  message: string;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600" role="alert">
        {message}
      </p>
      <Link to={back.to} className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        {back.label}
      </Link>
    </div>
  );
}

export const STAFF_ONLY_MESSAGE = staffOnlyMessage;

/** An admin account (tipo admin) whose e-mail is not on the allow-list (docs/spec/specification.md §6): said as it is. */
export const NOT_ALLOW_LISTED_MESSAGE = notAllowListedMessage;

export const ADMIN_ONLY_SECTION_MESSAGE =
  'Esta seção é exclusiva de administradores. Com o perfil de operador, você usa as outras seções do painel.';

/** Why this signed-in account cannot enter the panel: role removed, not allow-listed, or a customer. */
export function staffRefusalMessage(user: Profile, notice?: string | null): string {
  if (notice) return notice;
  if (user.tipo_usuario === 'admin') return NOT_ALLOW_LISTED_MESSAGE;
  return STAFF_ONLY_MESSAGE;
}

/**
 * An admin-only section opened by an operador: said inside the panel, whose menu and "Sair" stay
 * (the refusal once replaced the whole panel, and on a phone its text touched the screen's edges).
 */
export function AdminOnlySection() {
  return (
    <AccessDenied
      title="Seção só para administradores"
      message={ADMIN_ONLY_SECTION_MESSAGE}
      back={{ to: paths.admin.dashboard, label: 'Voltar ao painel' }}
    />
  );
}

/** The admin area's guard: visitors go to /admin/login, customers are refused with a clear message. */
export function StaffRoute({ children }: { children: ReactNode }) {
  const { user, loading, initialized, isLoggingOut, sessionNotice } = useAuth();
  const location = useLocation();
  if (!initialized || loading)
    return <Spinner label={loadingTexts.restoringSession} className="min-h-[50vh]" />;
  if (!user && isLoggingOut) return <Spinner label={loadingTexts.loading} className="min-h-[50vh]" />;
  if (!user) {
    saveRedirectPath(location.pathname + location.search);
    return <Navigate to={paths.admin.login} replace />;
  }
  if (!user.is_staff)
    return <AccessDenied title="Acesso restrito" message={staffRefusalMessage(user, sessionNotice)} />;
  return <>{children}</>;
}
