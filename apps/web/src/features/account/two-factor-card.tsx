import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
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
import { TwoFactorProofForm, type TwoFactorProof } from './two-factor-proof-form.tsx';

/**
 * Set up TOTP: QR code (drawn by the server as SVG), the first code with the current password, then
 * the recovery codes once. Turning it off and taking new recovery codes ask the password and a code.
 */
export function TwoFactorCard({ overview }: { overview: AccountOverview }) {
  const { refresh } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enable = useAccountMutation(accountApi.enableTwoFactor, [accountKeys.overview]);
  const disable = useAccountMutation(accountApi.disableTwoFactor, [accountKeys.overview]);
  const renew = useAccountMutation(accountApi.renewRecoveryCodes, [accountKeys.overview]);
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
  const confirm = async (proof: TwoFactorProof) => {
    const result = await enable.mutateAsync(proof);
    setCodes(result.recovery_codes);
    setSetup(null);
    toast.success(result.message);
    await refresh();
  };
  const turnOff = async (proof: TwoFactorProof) => {
    toast.success((await disable.mutateAsync(proof)).message);
    await refresh();
  };
  const newCodes = async (proof: TwoFactorProof) => {
    const result = await renew.mutateAsync(proof);
    setCodes(result.recovery_codes);
    setRenewing(false);
    toast.success(result.message);
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
        <TwoFactorProofForm
          name="Configurar verificação em duas etapas"
          codeLabel="2. Código de 6 dígitos do aplicativo"
          passwordLabel="3. Senha atual"
          submitLabel="Confirmar e ativar"
          pending={enable.isPending}
          onSubmit={confirm}
          fallback="Não foi possível ativar."
        >
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
        </TwoFactorProofForm>
      ) : null}
      {enabled && !renewing ? (
        <Button variant="secondary" onClick={() => setRenewing(true)}>
          Gerar novos códigos de recuperação
        </Button>
      ) : null}
      {enabled && renewing ? (
        <TwoFactorProofForm
          name="Gerar novos códigos de recuperação"
          codeLabel="Código do aplicativo ou de recuperação"
          submitLabel="Gerar novos códigos"
          variant="secondary"
          pending={renew.isPending}
          onSubmit={newCodes}
          fallback="Não foi possível gerar novos códigos."
        >
          <p className="text-sm text-slate-700">
            Os códigos de recuperação atuais deixam de valer assim que os novos forem gerados.
          </p>
        </TwoFactorProofForm>
      ) : null}
      {enabled && !required ? (
        <TwoFactorProofForm
          name="Desativar verificação em duas etapas"
          codeLabel="Código do aplicativo"
          submitLabel="Desativar"
          variant="secondary"
          pending={disable.isPending}
          onSubmit={turnOff}
          fallback="Não foi possível desativar."
        />
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
