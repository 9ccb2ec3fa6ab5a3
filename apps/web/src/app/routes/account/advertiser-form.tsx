import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  advertiserBodySchema,
  formatCEP,
  formatPhone,
  maskDocument,
  ufNames,
  type BillingProfile,
  type BillingProfileInput,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { useCreateAdvertiser } from '../../../features/agencies/index.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useBillingLookups } from './billing-lookups.ts';

const ufOptions = [
  ['', 'Escolha'] as const,
  ...Object.entries(ufNames).map(([uf, name]) => [uf, name] as const),
];

const empty: BillingProfileInput = {
  person_type: 'pj',
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

/**
 * A new advertiser of the agency: a company and its billing data (the CNPJ, alphanumeric included, is
 * looked up like the billing profile's), on which its orders, PIs and invoices are issued.
 */
export function AdvertiserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAdvertiser();
  const config = useAppConfig();
  const form = useForm<BillingProfileInput, unknown, BillingProfile>({
    resolver: zodResolver(advertiserBodySchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const lookups = useBillingLookups(form, {
    cepUrl: config.data?.cep_url ?? '',
    cnpjLookup: config.data?.cnpj_lookup ?? false,
  });
  const setMasked = (name: 'document' | 'phone' | 'cep', value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      toast.success('Anunciante cadastrado', created.name);
      form.reset(empty);
      onDone();
    } catch (e) {
      toast.error('Não foi possível cadastrar', errorMessage(e, 'Tente de novo.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Novo anunciante">
      <Field
        className="sm:col-span-2"
        label="Razão social"
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label="CNPJ"
        inputMode="text"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="00.000.000/0000-00"
        hint={lookups.cnpjHint ?? 'CNPJs novos têm letras: 12.ABC.345/01DE-35.'}
        error={errors.document?.message ?? errors.person_type?.message}
        {...form.register('document', {
          onChange: (e: { target: { value: string } }) => {
            const masked = maskDocument(e.target.value, 'pj');
            setMasked('document', masked);
            lookups.documentTyped(masked);
          },
        })}
      />
      <AddressFields form={form} lookups={lookups} setMasked={setMasked} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          Cadastrar anunciante
        </Button>
      </div>
    </form>
  );
}

type Form = UseFormReturn<BillingProfileInput, unknown, BillingProfile>;

/** The advertiser's phone and address, the CEP looked up as in the billing profile. */
function AddressFields({
  form,
  lookups,
  setMasked,
}: {
  form: Form;
  lookups: ReturnType<typeof useBillingLookups>;
  setMasked: (name: 'document' | 'phone' | 'cep', value: string) => void;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field
        label="Telefone com DDD"
        type="tel"
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
      <Field label="Endereço" error={errors.street?.message} {...form.register('street')} />
      <Field label="Número" error={errors.number?.message} {...form.register('number')} />
      <Field
        label="Complemento (opcional)"
        error={errors.complement?.message}
        {...form.register('complement')}
      />
      <Field label="Bairro" error={errors.district?.message} {...form.register('district')} />
      <Field
        label="Cidade"
        error={errors.city?.message}
        {...form.register('city', { onChange: lookups.placeTyped })}
      />
      <SelectField
        id="anunciante-uf"
        label="Estado"
        options={ufOptions}
        error={errors.state?.message ?? errors.ibge_code?.message}
        {...form.register('state', { onChange: lookups.placeTyped })}
      />
      <Field
        label="Inscrição municipal (opcional)"
        error={errors.municipal_registration?.message}
        {...form.register('municipal_registration')}
      />
    </>
  );
}
