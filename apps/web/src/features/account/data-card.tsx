import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, paths } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../auth/use-auth.ts';
import { accountApi, accountKeys, useAccountMutation, useDataExports } from './api.ts';
import { SettingsCard } from './settings-cards.tsx';

const when = (iso: string) => formatDateTime(iso);

/** "Baixar meus dados" and "Excluir minha conta" (LGPD art. 18). */
export function DataCard() {
  const exports = useDataExports();
  const request = useAccountMutation(accountApi.requestExport, [accountKeys.exports]);
  const latest = exports.data?.items[0];
  return (
    <SettingsCard id="conta-dados-pessoais" title="Seus dados pessoais">
      <p className="text-sm text-slate-700">
        Baixe um arquivo ZIP com seu perfil, pedidos, faturas, anúncios, atendimentos, notificações e os
        arquivos da sua biblioteca de mídias. Preparamos o arquivo em segundo plano e avisamos por email.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={request.isPending || latest?.status === 'pendente'}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: (r) => toast.success(r.message),
              onError: (e) => toast.error(errorMessage(e, 'Não foi possível pedir a cópia.')),
            })
          }
        >
          Baixar meus dados
        </Button>
        {latest?.status === 'pendente' ? (
          <span className="text-sm text-slate-600" role="status">
            Preparando o arquivo...
          </span>
        ) : null}
        {latest?.download_url ? (
          <a href={latest.download_url} download className="text-sm font-semibold text-brand-700 underline">
            Baixar arquivo ZIP (link válido até {when(latest.expires_at!)})
          </a>
        ) : null}
        {latest?.status === 'falhou' ? (
          <span className="text-sm text-red-700">Não foi possível preparar o arquivo. Peça de novo.</span>
        ) : null}
      </div>
      <DeleteAccount />
    </SettingsCard>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useAccountMutation(accountApi.deleteAccount, []);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { message } = await remove.mutateAsync(password);
      toast.success(message);
      // Home first: the account area would send a signed-out visitor to /auth.
      navigate(paths.home);
      await signOut();
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível excluir a conta.'));
    }
  };
  return (
    <div className="border-t border-slate-100 pt-4">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Excluir minha conta
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Excluir minha conta"
          description="Seus dados pessoais são apagados agora e você sai de todos os dispositivos. Pedidos e faturas ficam guardados pelo prazo fiscal, sem seus dados de contato. Não dá para desfazer."
        >
          <form onSubmit={submit} className="space-y-4">
            <Field
              label="Confirme com sua senha"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error ?? undefined}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
                Excluir definitivamente
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      {error && !open ? <Alert>{error}</Alert> : null}
    </div>
  );
}
