import { useState, type FormEvent } from 'react';
import { twoFactorMessages, type Profile } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from './use-auth.ts';

/** The second step of a sign-in with two-factor on: the app's code, or a recovery code. */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: Profile) => void | Promise<void>;
  onRestart: () => void;
}) {
  const { verifyTwoFactor } = useAuth();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError(twoFactorMessages.required);
    setBusy(true);
    try {
      await onSignedIn(await verifyTwoFactor(challenge, code));
    } catch (e) {
      setError(errorMessage(e, twoFactorMessages.invalidCode));
      setExpired(e instanceof ApiError && e.status === 401);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Verificação em duas etapas">
      <p className="text-sm text-slate-700">
        {recovery
          ? 'Digite um dos códigos de recuperação que você guardou. Cada código vale uma vez.'
          : 'Abra o aplicativo autenticador e digite o código de 6 dígitos da Urbana.'}
      </p>
      <Field
        label={recovery ? 'Código de recuperação' : 'Código de verificação'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 20 : 6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Verificando...' : 'Verificar e entrar'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" onClick={() => setRecovery((r) => !r)}>
          {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
        </Button>
        <Button variant="link" onClick={onRestart}>
          Voltar
        </Button>
      </div>
      {expired ? <Alert tone="info">Entre de novo com email e senha.</Alert> : null}
    </form>
  );
}
