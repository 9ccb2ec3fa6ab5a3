import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages, paths } from '@urbana/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authApi } from '../../../features/auth/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    if (!token) return;
    authApi
      .confirmEmail(token)
      .then((r) => setState({ ok: true, message: r.message }))
      .catch((e: unknown) =>
        setState({
          ok: false,
          message: e instanceof ApiError ? e.message : accountMessages.confirmationLinkInvalid,
        }),
      );
  }, [token]);

  return (
    <div className="mx-auto max-w-md">
      <Card className="space-y-4 p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Confirmação de email</h1>
        {!token ? (
          <p role="alert" className="text-slate-700">
            {accountMessages.tokenRequired}
          </p>
        ) : !state ? (
          <Spinner label="Confirmando seu email..." />
        ) : (
          <>
            {state.ok ? (
              <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
            ) : (
              <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
            )}
            <p role={state.ok ? 'status' : 'alert'} className="text-slate-700">
              {state.message}
            </p>
            <Link
              to={state.ok ? paths.auth : `${paths.auth}?modo=entrar`}
              className="inline-block font-semibold text-brand-700 hover:underline"
            >
              {state.ok ? 'Entrar agora' : 'Ir para o login e pedir um novo link'}
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
