import { BookmarkPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buildPath, paths, planCreateBodySchema, planMessages, type PlanLine } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreatePlan } from '../api/use-plans.ts';

/** "Salvar como plano" on the cart page (issue #23 item 3); saving needs an account. */
export function SavePlanDialog({
  lines,
  signedIn,
  onSignIn,
  disabled,
}: {
  lines: PlanLine[];
  signedIn: boolean;
  onSignIn: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreatePlan();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = planCreateBodySchema.safeParse({ name, lines });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? planMessages.nameRequired);
      return;
    }
    try {
      const plan = await create.mutateAsync(parsed.data);
      toast.success(planMessages.saved, plan.name);
      setSaved(plan.id);
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível salvar o plano.'));
    }
  };

  if (!signedIn) {
    return (
      <Button variant="secondary" className="w-full" disabled={disabled} onClick={onSignIn}>
        <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
        Salvar como plano
      </Button>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSaved(null);
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full" disabled={disabled}>
          <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
          Salvar como plano
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Salvar como plano"
        description="Guarde este carrinho com um nome para rever, compartilhar ou reservar depois."
      >
        {saved ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm text-slate-700">O plano foi salvo em Meus planos.</p>
            <Button asChild>
              <Link to={buildPath(paths.usuario.plano, { id: saved })}>Abrir o plano</Link>
            </Button>
          </div>
        ) : (
          <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            <Field
              label="Nome do plano"
              value={name}
              maxLength={120}
              placeholder="Verão 2027 — cliente X"
              onChange={(e) => setName(e.target.value)}
              error={error}
              autoFocus
            />
            <Button type="submit" disabled={create.isPending}>
              Salvar plano
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
