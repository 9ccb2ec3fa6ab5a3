import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  billingProfileSchema,
  formatCEP,
  formatDocument,
  formatPhone,
  maskDocument,
  ufNames,
  type BillingProfile,
  type BillingProfileInput,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../features/auth/use-auth.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { useBillingProfile, useSaveBilling } from '../../../features/orders/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useBillingLookups } from './billing-lookups.ts';

const ufOptions = [
  ['', 'Escolha'] as const,
  ...Object.entries(ufNames).map(([uf, name]) => [uf, name] as const),
];

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
  ibge_code: null,
  municipal_registration: '',
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
  const { user } = useAuth();
  const config = useAppConfig();
  const lookups = useBillingLookups(form, {
    cepUrl: config.data?.cep_url ?? '',
    cnpjLookup: config.data?.cnpj_lookup ?? false,
  });

  const { reset } = form;
  useEffect(() => {
    if (current.data) {
      // Stored as letters and digits (the server normalises); shown with their masks.
      reset({
        ...current.data,
        document: formatDocument(current.data.document),
        phone: formatPhone(current.data.phone),
        cep: formatCEP(current.data.cep),
        complement: current.data.complement ?? '',
        municipal_registration: current.data.municipal_registration ?? '',
      });
    } else if (current.data === null && user) {
      // First visit: start from the name and phone given at sign-up.
      reset({ ...empty, name: user.nome_completo, phone: user.telefone ? formatPhone(user.telefone) : '' });
    }
  }, [current.data, reset, user]);

  // CPF and CNPJ have different masks: switching the type re-masks what was typed.
  useEffect(() => {
    const value = form.getValues('document');
    if (value) form.setValue('document', maskDocument(value, personType));
  }, [form, personType]);

  /**
   * A masked field's value, checked again once the form was sent: the form library skips its own
   * check when the value it saw typed is not the value kept, so a fixed field kept its old message
   * (and the CEP's lookup note, which shows only without a message, stayed hidden).
   */
  const setMasked = (name: 'document' | 'phone' | 'cep', value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Cadastro salvo', 'Seus dados de faturamento foram atualizados.');
      if (back && back.startsWith('/') && !back.startsWith('//')) navigate(back, { replace: true }); // the form was a step: Back skips it
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
            // Alphanumeric CNPJs (since July 2026) have letters: a phone must offer its full keyboard.
            inputMode={personType === 'pj' ? 'text' : 'numeric'}
            autoCapitalize={personType === 'pj' ? 'characters' : 'off'}
            spellCheck={false}
            placeholder={personType === 'pj' ? '00.000.000/0000-00' : '000.000.000-00'}
            hint={
              personType === 'pj'
                ? (lookups.cnpjHint ?? 'CNPJs novos têm letras: 12.ABC.345/01DE-35.')
                : undefined
            }
            error={errors.document?.message}
            {...form.register('document', {
              onChange: (e: { target: { value: string } }) => {
                const masked = maskDocument(e.target.value, personType);
                setMasked('document', masked);
                lookups.documentTyped(masked);
              },
            })}
          />
          <Field
            label="Telefone com DDD"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(61) 99999-0000"
            error={errors.phone?.message}
            {...form.register('phone', {
              onChange: (e: { target: { value: string } }) => setMasked('phone', formatPhone(e.target.value)),
            })}
          />
          <Field
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="70040-010"
            hint={lookups.cepHint}
            error={errors.cep?.message}
            {...form.register('cep', {
              onChange: (e: { target: { value: string } }) => {
                const masked = formatCEP(e.target.value);
                setMasked('cep', masked);
                lookups.cepTyped(masked);
              },
            })}
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
            {...form.register('city', { onChange: lookups.placeTyped })}
          />
          <SelectField
            id="perfil-uf"
            label="Estado"
            options={ufOptions}
            error={errors.state?.message ?? errors.ibge_code?.message}
            {...form.register('state', { onChange: lookups.placeTyped })}
          />
          {personType === 'pj' ? (
            <Field
              label="Inscrição municipal (opcional)"
              hint="Vai na nota fiscal de serviço, se a empresa tiver."
              error={errors.municipal_registration?.message}
              {...form.register('municipal_registration')}
            />
          ) : null}
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
