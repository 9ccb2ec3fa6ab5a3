import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { googleSignInErrors, type GoogleSignInError } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import {
  authApi,
  ForgotPasswordForm,
  GoogleButton,
  loadSignUpForm,
  SignInForm,
  SignUpForm,
  takeRedirectPath,
  useAuth,
} from '../../../features/auth/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

type Mode = 'entrar' | 'cadastro' | 'recuperar';

const tabs = [
  { value: 'entrar', label: 'Entrar' },
  { value: 'cadastro', label: 'Criar conta' },
] as const;

function CheckEmail({ email, onBack }: { email: string; onBack: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const resendConfirmation = useMutation({ mutationFn: authApi.resendConfirmation });
  const resend = async () => {
    try {
      setMessage((await resendConfirmation.mutateAsync(email)).message);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Não foi possível reenviar. Tente novamente.');
    }
  };
  return (
    <div className="space-y-4 text-center">
      <MailCheck className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h2 className="text-xl font-bold text-slate-900">Confirme seu email</h2>
      <p className="text-slate-600">
        Enviamos um link de confirmação para <strong className="text-slate-900">{email}</strong>. Abra o email
        e clique no link para ativar sua conta.
      </p>
      {message ? <Alert tone="info">{message}</Alert> : null}
      <div className="flex flex-col gap-2">
        <Button variant="secondary" onClick={resend}>
          Reenviar link
        </Button>
        <Button variant="link" onClick={onBack}>
          Voltar para o login
        </Button>
      </div>
    </div>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const mode = (
    ['entrar', 'cadastro', 'recuperar'].includes(params.get('modo') ?? '') ? params.get('modo') : 'entrar'
  ) as Mode;
  const [created, setCreated] = useState<string | null>(null);
  const { sessionNotice, user, initialized } = useAuth();
  const navigate = useNavigate();
  // Someone already signed in when the page opens (a bookmark, a link, Back) goes on to the saved
  // page, as a sign-in here would; a sign-in made on this page leads on by itself (sign-in-form.tsx).
  const arrivedSignedIn = useRef<boolean | null>(initialized ? user !== null : null);
  const leaving = useRef(false);
  useEffect(() => {
    if (arrivedSignedIn.current === null && initialized) arrivedSignedIn.current = user !== null;
    if (!arrivedSignedIn.current || leaving.current) return;
    leaving.current = true;
    void navigate(takeRedirectPath(), { replace: true });
  }, [initialized, user, navigate]);
  const errorCode = params.get('erro');
  const googleError =
    errorCode && errorCode in googleSignInErrors ? googleSignInErrors[errorCode as GoogleSignInError] : null;
  const setMode = (next: Mode) => {
    setCreated(null);
    setParams(next === 'entrar' ? {} : { modo: next }, { replace: true });
  };

  return (
    <div className="mx-auto max-w-md">
      <Card className="p-6 sm:p-8">
        {created ? (
          <CheckEmail email={created} onBack={() => setMode('entrar')} />
        ) : mode === 'recuperar' ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-slate-900">Recuperar senha</h1>
            <ForgotPasswordForm onBack={() => setMode('entrar')} />
          </>
        ) : (
          <>
            <h1 className="mb-1 text-2xl font-bold text-slate-900">
              {mode === 'cadastro' ? 'Crie sua conta' : 'Bem-vindo de volta'}
            </h1>
            <p className="mb-6 text-sm text-slate-600">
              {mode === 'cadastro'
                ? 'Anuncie em mídia exterior em poucos minutos.'
                : 'Entre para acompanhar pedidos, anúncios e faturas.'}
            </p>
            <Tabs
              value={mode}
              onValueChange={(v) => setMode(v)}
              onTabIntent={(v) => {
                if (v === 'cadastro') void loadSignUpForm();
              }}
              label="Entrar ou criar conta"
              tabs={tabs}
              listClassName="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
              tabClassName="rounded-md py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              between={
                <>
                  {googleError || sessionNotice ? (
                    <div className="mb-4">
                      <Alert>{googleError ?? sessionNotice}</Alert>
                    </div>
                  ) : null}
                  <GoogleButton />
                </>
              }
              panels={{
                entrar: <SignInForm onForgotPassword={() => setMode('recuperar')} />,
                cadastro: <SignUpForm onCreated={(email) => setCreated(email)} />,
              }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
