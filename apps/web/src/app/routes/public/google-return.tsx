import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { loadingTexts, paths, successToasts } from '@urbana/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { REDIRECT_DELAY_MS, takeRedirectPath, useAuth } from '../../../features/auth/index.ts';
import { toast } from '../../../lib/toast.ts';

/** Where the Google sign-in lands: the seed's success toast, then the saved path after 100 ms. */
export function Component() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!user || done.current) return;
    done.current = true;
    toast.success(successToasts.signIn.title, successToasts.signIn.description);
    const target = takeRedirectPath();
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [user, navigate]);
  if (!user) return <Navigate to={`${paths.auth}?erro=google`} replace />;
  return <Spinner label={loadingTexts.loading} className="min-h-[40vh]" />;
}
