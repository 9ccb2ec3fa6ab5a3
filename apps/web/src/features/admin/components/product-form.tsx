import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import {
  buildPath,
  paths,
  productFormSchema,
  productPhotoMessages,
  productTypeLabels,
  productTypes,
  type AdminProduct,
  type ProductFormValues,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, SelectField, TextareaField } from '../../../components/ui/field.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useSaveProduct, useSetProductStatus } from '../index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { productFormValues } from './product-form-state.ts';
import { LocationCard, SpecCard, TowersCard } from './product-form-parts.tsx';

const typeOptions = productTypes.map((t) => [t, productTypeLabels[t]] as const);

/**
 * Creates or edits a product: react-hook-form with the shared `productFormSchema`, so each field
 * shows the API's own message (docs/decisions/042-one-way-in-the-web-app.md).
 */
export function ProductForm({ product }: { product?: AdminProduct | undefined }) {
  const navigate = useNavigate();
  const save = useSaveProduct();
  const form = useForm<ProductFormValues, unknown, z.output<typeof productFormSchema>>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product),
  });
  const { control, register } = form;
  const { errors, isDirty, isSubmitSuccessful } = form.formState;
  // Saved, the form is left or drawn again with the new values: only unsaved edits hold the page.
  const leave = useLeaveGuard(isDirty && !isSubmitSuccessful);

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: product?.id, input });
      toast.success(
        product ? 'Produto salvo' : 'Produto criado',
        product ? undefined : productPhotoMessages.createdInactive,
      );
      if (!product) {
        leave.allowLeave();
        navigate(buildPath(paths.admin.produto, { id: saved.id }), { replace: true });
      }
    } catch (e) {
      form.setError('root', {
        message: errorMessage(e, 'Não foi possível salvar o produto. Tente novamente.'),
      });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      {leave.dialog}
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <Field label="Nome" error={errors.name?.message} className="sm:col-span-2" {...register('name')} />
        <SelectField
          label="Tipo de mídia"
          options={typeOptions}
          error={errors.type?.message}
          {...register('type')}
        />
        <Field
          label="Preço diário (R$)"
          inputMode="decimal"
          placeholder="150,00"
          error={errors.daily_price?.message}
          {...register('daily_price')}
        />
        <TextareaField
          label="Descrição"
          rows={3}
          error={errors.description?.message}
          className="sm:col-span-2"
          {...register('description')}
        />
        <Field
          label="Audiência semanal (impressões)"
          inputMode="numeric"
          error={errors.weekly_audience?.message}
          {...register('weekly_audience')}
        />
        <Field
          label="Fonte da audiência"
          placeholder="Ex.: Urbana, Kantar IBOPE"
          error={errors.audience_source?.message}
          {...register('audience_source')}
        />
        <Field
          label="Método da audiência"
          placeholder="Ex.: contagem de fluxo"
          error={errors.audience_method?.message}
          {...register('audience_method')}
        />
        <Field
          label="Mês da medição"
          type="month"
          error={errors.audience_month?.message}
          {...register('audience_month')}
        />
        <Field
          label="Horário de funcionamento"
          error={errors.operating_hours?.message}
          {...register('operating_hours')}
        />
        <Field
          label="Perfil de público"
          error={errors.audience_profile?.message}
          className="sm:col-span-2"
          {...register('audience_profile')}
        />
      </Card>
      <LocationCard control={control} register={register} errors={errors} product={product} />
      <TowersCard control={control} register={register} errors={errors} />
      <SpecCard control={control} />

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : product ? 'Salvar alterações' : 'Criar produto'}
        </Button>
        {product ? <StatusButton product={product} onConfirm={() => form.clearErrors('root')} /> : null}
        <Button asChild variant="ghost">
          <Link to={paths.admin.produtos}>Voltar à lista</Link>
        </Button>
      </div>
    </form>
  );
}

/** Takes a product out of the catalogue or back in, after saying what that means. */
function StatusButton({ product, onConfirm }: { product: AdminProduct; onConfirm: () => void }) {
  const setStatus = useSetProductStatus();
  const active = product.status === 'ativo';
  // On sale only with a photo (issue #40 item 8): the server refuses it too.
  if (!active && product.photos.length === 0)
    return (
      <span className="flex flex-col gap-1">
        <Button variant="secondary" disabled aria-describedby="produto-sem-foto">
          Ativar
        </Button>
        <span id="produto-sem-foto" className="text-sm text-slate-600">
          {productPhotoMessages.activeNeedsPhoto}
        </span>
      </span>
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant={active ? 'danger' : 'secondary'} disabled={setStatus.isPending}>
          {active ? 'Desativar' : 'Ativar'}
        </Button>
      }
      title={active ? 'Desativar este produto?' : 'Ativar este produto?'}
      tone={active ? 'danger' : 'primary'}
      consequence={
        active ? (
          <p>
            “{product.name}” sai agora da busca e da página pública, e ninguém consegue mais reservá-lo nem
            pagar um carrinho que o contenha. Pedidos e veiculações já feitos continuam valendo. Você pode
            ativá-lo de novo depois.
          </p>
        ) : (
          <p>
            “{product.name}” volta à busca e à página pública e pode ser reservado de novo pelos clientes.
          </p>
        )
      }
      confirmLabel={active ? 'Desativar produto' : 'Ativar produto'}
      onConfirm={async () => {
        onConfirm();
        const p = await setStatus.mutateAsync({ id: product.id, status: active ? 'inativo' : 'ativo' });
        toast.success(p.status === 'ativo' ? 'Produto ativado' : 'Produto desativado');
      }}
    />
  );
}
