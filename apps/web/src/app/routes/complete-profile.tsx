import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { billingProfileSchema, ufNames, type BillingProfile, type BillingProfileInput } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useBillingProfile, useSaveBilling } from '../../features/orders/index.ts';
import { toast } from '../../lib/toast.ts';

const empty: BillingProfileInput = {
  person_type: 'pf',
  name: '',
  document: '',
  phone: '',
  cep: '',
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  state: '',
};

export function Component() {
  const [params] = useSearchParams();
  const back = params.get('voltar');
  const navigate = useNavigate();
  const current = useBillingProfile();
  const save = useSaveBilling();
  const form = useForm<BillingProfileInput, unknown, BillingProfile>({
    resolver: zodResolver(billingProfileSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const personType = useWatch({ control: form.control, name: 'person_type' });

  const { reset } = form;
  useEffect(() => {
    if (current.data) reset({ ...current.data, complement: current.data.complement ?? '' });
  }, [current.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Cadastro salvo', 'Seus dados de faturamento foram atualizados.');
      if (back && back.startsWith('/') && !back.startsWith('//')) navigate(back);
    } catch (e) {
      toast.error('Não foi possível salvar', e instanceof Error ? e.message : undefined);
    }
  });

  if (current.isPending) return <Spinner label="Carregando seu cadastro..." className="min-h-[40vh]" />;

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Completar perfil</h1>
        <p className="mt-1 text-slate-600">
          Os dados de faturamento vão na fatura e são necessários para finalizar pedidos.
        </p>
      </div>
      {back ? <Alert tone="info">Complete o cadastro para continuar o pedido.</Alert> : null}
      <Card>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          aria-label="Cadastro de faturamento"
        >
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">Tipo de cadastro</legend>
            <div className="flex gap-4">
              {(
                [
                  ['pf', 'Pessoa física (CPF)'],
                  ['pj', 'Empresa (CNPJ)'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={value}
                    {...form.register('person_type')}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            className="sm:col-span-2"
            label={personType === 'pj' ? 'Razão social' : 'Nome completo'}
            autoComplete={personType === 'pj' ? 'organization' : 'name'}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Field
            label={personType === 'pj' ? 'CNPJ' : 'CPF'}
            inputMode="numeric"
            error={errors.document?.message}
            {...form.register('document')}
          />
          <Field
            label="Telefone com DDD"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <Field
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
            error={errors.cep?.message}
            {...form.register('cep')}
          />
          <Field
            label="Endereço"
            autoComplete="address-line1"
            error={errors.street?.message}
            {...form.register('street')}
          />
          <Field label="Número" error={errors.number?.message} {...form.register('number')} />
          <Field
            label="Complemento (opcional)"
            autoComplete="address-line2"
            error={errors.complement?.message}
            {...form.register('complement')}
          />
          <Field label="Bairro" error={errors.district?.message} {...form.register('district')} />
          <Field
            label="Cidade"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <div className="space-y-1.5">
            <label htmlFor="perfil-uf" className="block text-sm font-medium text-slate-800">
              Estado
            </label>
            <select
              id="perfil-uf"
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? 'perfil-uf-erro' : undefined}
              className={inputClass}
              {...form.register('state')}
            >
              <option value="">Escolha</option>
              {Object.entries(ufNames).map(([uf, name]) => (
                <option key={uf} value={uf}>
                  {name}
                </option>
              ))}
            </select>
            {errors.state ? (
              <p id="perfil-uf-erro" className="text-sm font-medium text-red-700">
                {errors.state.message}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {back ? 'Salvar e continuar' : 'Salvar cadastro'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
