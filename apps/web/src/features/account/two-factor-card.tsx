import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../auth/use-auth.ts';
import {
  accountApi,
  accountKeys,
  useAccountMutation,
  type AccountOverview,
  type TwoFactorSetup,
} from './api.ts';
import { SettingsCard } from './settings-cards.tsx';

/** Set up TOTP: QR code (drawn by the server as SVG), the first code, then the recovery codes once. */
export function TwoFactorCard({ overview }: { overview: AccountOverview }) {
  const { refresh } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useAccountMutation(accountApi.enableTwoFactor, [accountKeys.overview]);
  const disable = useAccountMutation(accountApi.disableTwoFactor, [accountKeys.overview]);
  const begin = useAccountMutation(accountApi.startTwoFactor, []);
  const { enabled, required, recovery_codes_left } = overview.two_factor;

  const start = async () => {
    setError(null);
    try {
      setSetup(await begin.mutateAsync());
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível começar.'));
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await enable.mutateAsync(code);
      setCodes(result.recovery_codes);
      setSetup(null);
      setCode('');
      toast.success(result.message);
      await refresh();
    } catch (e) {
      setError(errorMessage(e, 'Código inválido.'));
    }
  };
  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      toast.success((await disable.mutateAsync({ password, code })).message);
      setPassword('');
      setCode('');
      await refresh();
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível desativar.'));
    }
  };

  return (
    <SettingsCard id="conta-duas-etapas" title="Verificação em duas etapas">
      <p className="text-sm text-slate-700">
        {enabled
          ? `Ativada. Ao entrar, pedimos o código do aplicativo autenticador. Códigos de recuperação restantes: ${recovery_codes_left}.`
          : 'Proteja a conta com um código do aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy, 1Password…) além da senha.'}
      </p>
      {required && !enabled ? (
        <Alert tone="info">
          Administradores precisam ativar a verificação em duas etapas para usar o painel.
        </Alert>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} /> : null}
      {!enabled && !setup ? <Button onClick={start}>Ativar verificação em duas etapas</Button> : null}
      {setup ? (
        <form onSubmit={confirm} className="space-y-4" aria-label="Configurar verificação em duas etapas">
          <p className="text-sm text-slate-700">
            1. No aplicativo autenticador, leia o QR Code (ou digite a chave).
          </p>
          <div
            className="h-48 w-48 rounded border border-slate-200 bg-white p-2 [&_svg]:h-full [&_svg]:w-full"
            role="img"
            aria-label="QR Code para o aplicativo autenticador"
            // The SVG is drawn by the server's QR encoder from our own otpauth:// address.
            dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
          />
          <p className="text-sm text-slate-700">
            Chave:{' '}
            <code className="break-all rounded bg-slate-100 px-1" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <Field
            label="2. Código de 6 dígitos do aplicativo"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" disabled={enable.isPending}>
            Confirmar e ativar
          </Button>
        </form>
      ) : null}
      {enabled && !required ? (
        <form
          onSubmit={turnOff}
          className="grid gap-4 sm:grid-cols-2"
          aria-label="Desativar verificação em duas etapas"
        >
          <Field
            label="Senha atual"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Código do aplicativo"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={disable.isPending}>
              Desativar
            </Button>
          </div>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </SettingsCard>
  );
}

/** The recovery codes, shown once right after two-step verification is turned on. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-medium text-slate-900">
        Guarde estes códigos de recuperação agora. Eles não serão mostrados de novo.
      </p>
      <ul aria-label="Códigos de recuperação" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={onSaved}>
        Já guardei
      </Button>
    </div>
  );
}
