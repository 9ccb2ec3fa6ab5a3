import { useState } from 'react';
import { campaignMessages, formatDate } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useRemoveProof } from '../../campaigns/index.ts';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * "Remover" under a proof photo: a photo of the wrong face or day comes down after a confirmation that
 * asks why (the reason goes to the audit log); the customer no longer sees it (issue #40 item 7).
 */
export function RemoveProof({
  campaignId,
  proof,
}: {
  campaignId: string;
  proof: { id: string; taken_on: string };
}) {
  const remove = useRemoveProof(campaignId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remover a foto de ${formatDate(proof.taken_on)}`}>
          Remover
        </Button>
      }
      title="Remover esta foto de comprovação?"
      tone="danger"
      consequence={
        <p>
          A foto de {formatDate(proof.taken_on)} sai do pedido e do relatório da campanha do cliente. O motivo
          fica no log de auditoria.
        </p>
      }
      confirmLabel="Remover foto"
      confirmDisabled={remove.isPending}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          setError(undefined);
        }
      }}
      onConfirm={async () => {
        if (!reason.trim()) {
          setError(campaignMessages.proofRemovalReason);
          return false;
        }
        setError(undefined);
        // A refusal is shown by the dialog itself, which stays open.
        await remove.mutateAsync({ proofId: proof.id, reason: reason.trim() });
        toast.success('Foto removida', 'O cliente não a vê mais no pedido.');
      }}
    >
      <Field
        label="Motivo (por exemplo, foto de outra face)"
        value={reason}
        maxLength={300}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}
