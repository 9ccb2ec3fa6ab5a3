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
  type BillingProfile,
  type BillingProfileInput,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../features/auth/use-auth.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { useBillingProfile, useSaveBilling } from '../../../features/orders/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  BillingAddressFields,
  BillingIdentityFields,
  emptyBilling,
  type MaskedField,
} from './billing-fields.tsx';
import { useBillingLookups } from './billing-lookups.ts';

const empty = emptyBilling('pf');

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
  const { isSubmitting } = form.formState;
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
  const setMasked = (name: MaskedField, value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
  const fields = { form, lookups, setMasked, personType, autofill: true };

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
          <BillingIdentityFields {...fields} />
          <BillingAddressFields
            {...fields}
            ufId="perfil-uf"
            municipalHint="Vai na nota fiscal de serviço, se a empresa tiver."
          />
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
