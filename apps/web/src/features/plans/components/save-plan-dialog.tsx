import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { buildPath, paths, planCreateBodySchema, planMessages, type PlanLine } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreatePlan } from '../api/use-plans.ts';

const nameSchema = planCreateBodySchema.pick({ name: true });

/**
 * "Salvar como plano" on the cart page and under a planner result (issue #23 item 3); saving needs
 * an account. `what` names what is saved in the dialog's sentence ("este carrinho", "este plano").
 */
export function SavePlanDialog({
  lines,
  signedIn,
  onSignIn,
  disabled,
  what = 'este carrinho',
  onSaved,
  advertiserId,
}: {
  lines: PlanLine[];
  /** An agency's cart's advertiser: the plan is for it too (decision 116). */
  advertiserId?: string | null | undefined;
  signedIn: boolean;
  onSignIn: () => void;
  disabled?: boolean;
  what?: string;
  /** Told once the plan is saved (what was edited is kept now). */
  onSaved?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreatePlan();
  const form = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: '' },
  });
  const error = form.formState.errors.name?.message ?? form.formState.errors.root?.message;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const plan = await create.mutateAsync({
        name,
        lines,
        ...(advertiserId ? { advertiser_id: advertiserId } : {}),
      });
      toast.success(planMessages.saved, plan.name);
      setSaved(plan.id);
      onSaved?.();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível salvar o plano.') });
    }
  });

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
          form.clearErrors();
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
        description={`Guarde ${what} com um nome para rever, compartilhar ou reservar depois.`}
      >
        {saved ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm text-slate-700">O plano foi salvo em Meus planos.</p>
            <Button asChild>
              <Link to={buildPath(paths.usuario.plano, { id: saved })}>Abrir o plano</Link>
            </Button>
          </div>
        ) : (
          <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
            <Field
              label="Nome do plano"
              maxLength={120}
              placeholder="Verão 2027 — cliente X"
              error={error}
              autoFocus
              {...form.register('name')}
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
