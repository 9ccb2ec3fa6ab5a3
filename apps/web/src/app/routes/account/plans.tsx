import { Copy, Pencil, Share2, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import {
  buildPath,
  formatDate,
  formatMoney,
  paths,
  planMessages,
  planCreateBodySchema,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useDeletePlan,
  useDuplicatePlan,
  usePlanList,
  useRenamePlan,
  type PlanSummaryData,
} from '../../../features/plans/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const nameSchema = planCreateBodySchema.pick({ name: true });

/** A plan's line in the list; an agency's plan names its advertiser (decision 116). */
const planFacts = (plan: PlanSummaryData) =>
  `${plan.line_count} ${plan.line_count === 1 ? 'local' : 'locais'} · ${formatMoney(plan.saved_total)} ao salvar` +
  ` · atualizado em ${formatDate(plan.updated_at)}${plan.advertiser ? ` · para ${plan.advertiser.name}` : ''}`;

function RenameDialog({ plan, onClose }: { plan: PlanSummaryData; onClose: () => void }) {
  const rename = useRenamePlan();
  const form = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: plan.name },
  });
  const error = form.formState.errors.name?.message ?? form.formState.errors.root?.message;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: plan.id, name });
      toast.success(planMessages.renamed);
      onClose();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível renomear o plano.') });
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Renomear plano">
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <Field label="Nome do plano" maxLength={120} error={error} {...form.register('name')} />
          <Button type="submit" disabled={rename.isPending}>
            Salvar nome
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ plan, onClose }: { plan: PlanSummaryData; onClose: () => void }) {
  const remove = useDeletePlan();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Excluir plano?"
        description={`“${plan.name}” será excluído${plan.shared ? ' e o link compartilhado deixará de funcionar' : ''}.`}
      >
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync(plan.id);
                toast.success(planMessages.deleted);
                onClose();
              } catch (e) {
                toast.error('Não foi possível excluir o plano', errorMessage(e, ''));
              }
            }}
          >
            Excluir
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">Cancelar</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** /usuario/planos: the account's named media plans (issue #23 item 3). */
export function Component() {
  const list = usePlanList();
  const duplicate = useDuplicatePlan();
  const [renaming, setRenaming] = useState<PlanSummaryData | null>(null);
  const [deleting, setDeleting] = useState<PlanSummaryData | null>(null);
  if (list.isPending) return <Spinner label="Carregando planos" className="py-16" />;
  if (list.isError) return <Alert>{list.error.message}</Alert>;
  const plans = list.data.plans;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Meus planos</h1>
        <p className="mt-1 text-sm text-slate-600">
          Carrinhos salvos com um nome. Ao abrir, os preços e as vagas são conferidos de novo.
        </p>
      </div>
      {plans.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          Nenhum plano ainda. No carrinho, use “Salvar como plano”.
          <div className="mt-3">
            <Button asChild variant="secondary">
              <Link to={paths.carrinho}>Ir para o carrinho</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Planos salvos">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={buildPath(paths.usuario.plano, { id: plan.id })}
                  className="font-semibold text-slate-900 hover:underline"
                >
                  {plan.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {planFacts(plan)}
                  {plan.shared ? (
                    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      <Share2 className="h-3 w-3" aria-hidden="true" /> Compartilhado
                    </span>
                  ) : null}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setRenaming(plan)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Renomear
                  <span className="sr-only"> {plan.name}</span>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={duplicate.isPending}
                  onClick={async () => {
                    try {
                      await duplicate.mutateAsync(plan.id);
                      toast.success(planMessages.duplicated);
                    } catch (e) {
                      toast.error('Não foi possível duplicar o plano', errorMessage(e, ''));
                    }
                  }}
                >
                  <Copy className="h-4 w-4" aria-hidden="true" /> Duplicar
                  <span className="sr-only"> {plan.name}</span>
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setDeleting(plan)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Excluir
                  <span className="sr-only"> {plan.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {renaming ? <RenameDialog plan={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteDialog plan={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
