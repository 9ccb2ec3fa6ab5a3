import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, successToasts } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  REDIRECT_DELAY_MS,
  SignInForm,
  staffRefusalMessage,
  takeRedirectPath,
  useAuth,
} from '../../../features/auth/index.ts';
import { toast } from '../../../lib/toast.ts';

/** /admin/login: staff only; a cliente is refused with a clear message and not left signed in here. */
export function Component() {
  const navigate = useNavigate();
  const { signOut, sessionNotice } = useAuth();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <main id="conteudo" className="grid min-h-screen place-items-center bg-slate-900 px-4">
      <Card className="w-full max-w-md p-8">
        <p className="text-lg font-extrabold text-brand-800">
          Urbana <span className="font-medium text-slate-500">Admin</span>
        </p>
        <h1 className="mb-6 mt-2 text-2xl font-bold text-slate-900">Entrar no painel</h1>
        {refused || sessionNotice ? (
          <div className="mb-4">
            <Alert>{refused ?? sessionNotice}</Alert>
          </div>
        ) : null}
        <SignInForm
          submitLabel="Entrar no painel"
          staffOnly
          onSignedIn={async (user) => {
            if (!user.is_staff) {
              // The API refuses a cliente here (staffOnly) before a session exists; this stays for an
              // account whose role changed between the two. Forget an /admin destination saved for this visit: this account cannot use it.
              takeRedirectPath();
              await signOut();
              setRefused(staffRefusalMessage(user));
              return;
            }
            setRefused(null);
            toast.success(successToasts.signIn.title, successToasts.signIn.description);
            const saved = takeRedirectPath();
            const target = saved.startsWith('/admin') ? saved : paths.admin.dashboard;
            window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
          }}
        />
        <Link to={paths.home} className="mt-6 block text-center text-sm text-slate-600 hover:underline">
          Voltar para o site
        </Link>
      </Card>
    </main>
  );
}
