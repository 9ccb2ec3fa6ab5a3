import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import {
  addDays,
  paymentMethods,
  proposalFormSchema,
  proposalPaymentLabels,
  todayInBrasilia,
  type ProposalFormValues,
  type ProposalLineDraft,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField, TextareaField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminProduct } from '../../admin/index.ts';
import { CustomerPicker, type CustomerOptionData } from '../../inventory/index.ts';
import { useCreateProposal, type ProposalData } from '../api/use-proposals.ts';
import { ProductPicker } from './product-picker.tsx';

export type LineDraft = ProposalLineDraft;
type ProposalOutput = z.output<typeof proposalFormSchema>;

function LineFields({
  index,
  control,
  register,
  errors,
  onProductChange,
  onTowersChange,
  onRemove,
}: {
  index: number;
  control: Control<ProposalFormValues, unknown, ProposalOutput>;
  register: UseFormRegister<ProposalFormValues>;
  errors: FieldErrors<ProposalFormValues>;
  onProductChange: (id: string) => void;
  onTowersChange: (ids: string[]) => void;
  onRemove: (() => void) | null;
}) {
  const [productId, towerIds] = useWatch({
    control,
    name: [`items.${index}.product_id`, `items.${index}.tower_ids`],
  });
  const product = useAdminProduct(productId || undefined);
  const towers = product.data?.is_tower_based ? product.data.towers : [];
  const err = errors.items?.[index];
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Local {index + 1}</legend>
      <ProductPicker
        value={productId}
        chosen={product.data}
        onChange={onProductChange}
        error={err?.product_id?.message}
      />
      {towers.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Torres (nenhuma marcada = todas)</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {towers.map((t) => (
              <label key={t.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={towerIds.includes(t.id)}
                  onChange={(e) =>
                    onTowersChange(
                      e.target.checked ? [...towerIds, t.id] : towerIds.filter((id) => id !== t.id),
                    )
                  }
                />
                {t.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Início"
          type="date"
          error={err?.start_date?.message}
          {...register(`items.${index}.start_date`)}
        />
        <Field
          label="Semanas"
          type="number"
          min={1}
          max={52}
          error={err?.weeks?.message}
          {...register(`items.${index}.weeks`)}
        />
        <Field
          label="Preço negociado (R$)"
          inputMode="decimal"
          placeholder="Tabela"
          hint="Em branco: preço de tabela."
          error={err?.price?.message}
          {...register(`items.${index}.price`)}
        />
      </div>
      {onRemove ? (
        <Button type="button" variant="secondary" size="sm" onClick={onRemove}>
          Remover local
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Staff build a proposal for a customer: faces, weeks, negotiated prices, a discount, a validity. */
export function ProposalForm({
  initial,
  onCreated,
}: {
  initial: LineDraft;
  onCreated: (proposal: ProposalData) => void;
}) {
  const create = useCreateProposal();
  const [customer, setCustomer] = useState<CustomerOptionData | null>(null);
  const form = useForm<ProposalFormValues, unknown, ProposalOutput>({
    resolver: zodResolver(proposalFormSchema),
    defaultValues: {
      customer_id: '',
      valid_until: addDays(todayInBrasilia(), 7),
      discount: '',
      note: '',
      payment_method: 'pix',
      items: [initial],
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isDirty } = form.formState;
  // Every pick marks the form as changed, as typing does: a proposal begun holds the page.
  const validate = () => ({ shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  const leave = useLeaveGuard(isDirty);
  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      leave.allowLeave();
      onCreated(created);
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível criar a proposta.') });
    }
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {leave.dialog}
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <CustomerPicker
          value={customer}
          onChange={(picked) => {
            setCustomer(picked);
            form.setValue('customer_id', picked?.id ?? '', validate());
          }}
          error={errors.customer_id?.message}
        />
      </div>
      {lines.fields.map((line, i) => (
        <LineFields
          key={line.id}
          index={i}
          control={form.control}
          register={form.register}
          errors={errors}
          onProductChange={(id) => {
            form.setValue(`items.${i}.product_id`, id, validate());
            form.setValue(`items.${i}.tower_ids`, []);
          }}
          onTowersChange={(ids) => form.setValue(`items.${i}.tower_ids`, ids, validate())}
          onRemove={lines.fields.length > 1 ? () => lines.remove(i) : null}
        />
      ))}
      {errors.items?.root?.message || errors.items?.message ? (
        <Alert>{errors.items.root?.message ?? errors.items.message}</Alert>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        onClick={() => lines.append({ ...initial, product_id: '', tower_ids: [], price: '' })}
      >
        Adicionar local
      </Button>
      <ProposalTerms register={form.register} errors={errors} />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        Criar proposta
      </Button>
    </form>
  );
}

/** The proposal's terms: how long it stays open, a discount, the payment offered, a note. */
function ProposalTerms({
  register,
  errors,
}: {
  register: UseFormRegister<ProposalFormValues>;
  errors: FieldErrors<ProposalFormValues>;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <Field
        label="Válida até"
        type="date"
        error={errors.valid_until?.message}
        {...register('valid_until')}
      />
      <Field
        label="Desconto sobre o total (R$)"
        inputMode="decimal"
        placeholder="0,00"
        error={errors.discount?.message}
        {...register('discount')}
      />
      <SelectField
        label="Forma de pagamento"
        hint="Faturado só para clientes com CNPJ no cadastro de faturamento."
        options={paymentMethods.map((m) => [m, proposalPaymentLabels[m]] as const)}
        error={errors.payment_method?.message}
        {...register('payment_method')}
      />
      <TextareaField
        label="Observação para o cliente"
        rows={3}
        className="sm:col-span-2"
        error={errors.note?.message}
        {...register('note')}
      />
    </div>
  );
}
