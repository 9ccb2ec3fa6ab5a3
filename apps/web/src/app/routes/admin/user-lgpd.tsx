import { Button } from '../../../components/ui/button.tsx';
import { accountApi, useAccountMutation } from '../../../features/account/index.ts';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';

/** A customer's LGPD requests made to the team (issue #24 item 3): a copy of the data, or deletion. */
export function LgpdRequests({ id, who, onDeleted }: { id: string; who: string; onDeleted: () => void }) {
  const exportFor = useAccountMutation(accountApi.exportFor, []);
  const deleteFor = useAccountMutation(accountApi.deleteFor, [['admin']]);
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Pedidos do titular (LGPD)</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" className="h-10">
              Enviar cópia dos dados
            </Button>
          }
          title="Preparar a cópia dos dados?"
          consequence={
            <p>Preparamos o arquivo ZIP e avisamos {who} por email; o link aparece na conta dele.</p>
          }
          confirmLabel="Preparar cópia"
          onConfirm={async () => {
            toast.success((await exportFor.mutateAsync(id)).message);
          }}
        />
        <ConfirmDialog
          trigger={
            <Button variant="danger" size="sm" className="h-10">
              Excluir conta a pedido
            </Button>
          }
          title="Excluir a conta deste cliente?"
          tone="danger"
          consequence={
            <p>
              Os dados pessoais de {who} são apagados agora e as sessões encerradas. Pedidos e faturas ficam,
              sem dados de contato. Não dá para desfazer.
            </p>
          }
          confirmLabel="Excluir conta"
          onConfirm={async () => {
            toast.success((await deleteFor.mutateAsync(id)).message);
            onDeleted();
          }}
        />
      </div>
    </div>
  );
}
