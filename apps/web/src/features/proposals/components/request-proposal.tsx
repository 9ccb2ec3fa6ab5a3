import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { buildPath, paths, type ProposalRequest } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, TextareaField } from '../../../components/ui/field.tsx';
import { AdvertiserPicker, useIsAgency } from '../../agencies/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useRequestProposal } from '../api/use-proposals.ts';
import { reaisToCents } from './negotiation.tsx';

/**
 * "Pedir proposta" on a cart or a plan (issue #44 item 4): the lines as they are, a message and the
 * budget aimed at; an agency's person names the advertiser. Opens the proposal once asked.
 */
export function RequestProposalDialog({
  items,
  source,
  disabled,
  advertiserId,
}: {
  items: ProposalRequest['items'];
  source: 'carrinho' | 'plano';
  disabled?: boolean;
  /** The cart's or the plan's advertiser, which the picker starts from (decision 116). */
  advertiserId?: string | null | undefined;
}) {
  const navigate = useNavigate();
  const ask = useRequestProposal();
  const { user } = useAuth();
  const isAgency = useIsAgency(!!user);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [budget, setBudget] = useState('');
  const [advertiser, setAdvertiser] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const target = budget.trim() ? reaisToCents(budget) : null;
    if (budget.trim() && target === null)
      return setError('Informe o orçamento em reais, por exemplo 5.000,00.');
    if (isAgency && !advertiser) return setError('Escolha o anunciante desta proposta.');
    try {
      const created = await ask.mutateAsync({
        items,
        message,
        target_budget: target,
        advertiser_id: advertiser || null,
        source,
      });
      toast.success('Pedido de proposta enviado', 'A equipe Urbana responde por e-mail e no sino.');
      setOpen(false);
      void navigate(buildPath(paths.proposta, { id: created.id }));
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível pedir a proposta.'));
    }
  };
  // Signed out (the cart is public): a quote is asked from an account.
  if (!user) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setAdvertiser(advertiserId ?? '');
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" disabled={disabled} className="w-full sm:w-auto">
          Pedir proposta
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Pedir proposta"
        description="A equipe Urbana prepara uma proposta para estes locais e períodos. Você pode aceitar, contrapropor ou recusar."
      >
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3" aria-label="Pedido de proposta">
          <AdvertiserPicker id="proposta-anunciante" value={advertiser} onChange={setAdvertiser} />
          <TextareaField
            label="O que você precisa?"
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Field
            label="Orçamento-alvo (R$, opcional)"
            inputMode="decimal"
            placeholder="5.000,00"
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" disabled={ask.isPending || !message.trim()} className="w-full">
            Enviar pedido de proposta
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
