import type { UseFormReturn } from 'react-hook-form';
import {
  formatCEP,
  formatPhone,
  maskDocument,
  ufNames,
  type BillingProfile,
  type BillingProfileInput,
} from '@urbana/shared';
import { Field, SelectField } from '../../../components/ui/field.tsx';

type PersonType = BillingProfileInput['person_type'];
import type { useBillingLookups } from './billing-lookups.ts';

/**
 * The billing data's fields, one set for the person's own billing profile ("Completar perfil") and for
 * an agency's advertiser (issue #44): name, CPF or CNPJ (alphanumeric included), phone and address,
 * with the same masks and the same CNPJ and CEP lookups.
 */
export type BillingForm = UseFormReturn<BillingProfileInput, unknown, BillingProfile>;
export type MaskedField = 'document' | 'phone' | 'cep';

export const ufOptions = [
  ['', 'Escolha'] as const,
  ...Object.entries(ufNames).map(([uf, name]) => [uf, name] as const),
];

export const emptyBilling = (personType: PersonType): BillingProfileInput => ({
  person_type: personType,
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
});

interface FieldsProps {
  form: BillingForm;
  lookups: ReturnType<typeof useBillingLookups>;
  /** A masked field's value, checked again once the form was sent (see complete-profile.tsx). */
  setMasked: (name: MaskedField, value: string) => void;
  personType: PersonType;
  /** The browser fills the person's own address: on for their profile, off for an advertiser's. */
  autofill: boolean;
}

/** Name (razão social for a company) and CPF or CNPJ, looked up as it is typed. */
export function BillingIdentityFields({ form, lookups, setMasked, personType }: FieldsProps) {
  const { errors } = form.formState;
  const pj = personType === 'pj';
  return (
    <>
      <Field
        className="sm:col-span-2"
        label={pj ? 'Razão social' : 'Nome completo'}
        autoComplete={pj ? 'organization' : 'name'}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={pj ? 'CNPJ' : 'CPF'}
        // Alphanumeric CNPJs (since July 2026) have letters: a phone must offer its full keyboard.
        inputMode={pj ? 'text' : 'numeric'}
        autoCapitalize={pj ? 'characters' : 'off'}
        spellCheck={false}
        placeholder={pj ? '00.000.000/0000-00' : '000.000.000-00'}
        hint={pj ? (lookups.cnpjHint ?? 'CNPJs novos têm letras: 12.ABC.345/01DE-35.') : undefined}
        error={errors.document?.message ?? errors.person_type?.message}
        {...form.register('document', {
          onChange: (e: { target: { value: string } }) => {
            const masked = maskDocument(e.target.value, personType);
            setMasked('document', masked);
            lookups.documentTyped(masked);
          },
        })}
      />
    </>
  );
}

/** Phone and address (the CEP looked up), and a company's municipal registration. */
export function BillingAddressFields({
  form,
  lookups,
  setMasked,
  personType,
  autofill,
  ufId,
  municipalHint,
}: FieldsProps & { ufId: string; municipalHint?: string | undefined }) {
  const { errors } = form.formState;
  const auto = (value: string) => (autofill ? value : undefined);
  return (
    <>
      <Field
        label="Telefone com DDD"
        type="tel"
        autoComplete={auto('tel')}
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
        autoComplete={auto('postal-code')}
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
        autoComplete={auto('address-line1')}
        error={errors.street?.message}
        {...form.register('street')}
      />
      <Field label="Número" error={errors.number?.message} {...form.register('number')} />
      <Field
        label="Complemento (opcional)"
        autoComplete={auto('address-line2')}
        error={errors.complement?.message}
        {...form.register('complement')}
      />
      <Field label="Bairro" error={errors.district?.message} {...form.register('district')} />
      <Field
        label="Cidade"
        autoComplete={auto('address-level2')}
        error={errors.city?.message}
        {...form.register('city', { onChange: lookups.placeTyped })}
      />
      <SelectField
        id={ufId}
        label="Estado"
        options={ufOptions}
        error={errors.state?.message ?? errors.ibge_code?.message}
        {...form.register('state', { onChange: lookups.placeTyped })}
      />
      {personType === 'pj' ? (
        <Field
          label="Inscrição municipal (opcional)"
          hint={municipalHint}
          error={errors.municipal_registration?.message}
          {...form.register('municipal_registration')}
        />
      ) : null}
    </>
  );
}
