import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { advertiserBodySchema, type BillingProfile, type BillingProfileInput } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useCreateAdvertiser } from '../../../features/agencies/index.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import {
  BillingAddressFields,
  BillingIdentityFields,
  emptyBilling,
  type MaskedField,
} from './billing-fields.tsx';
import { useBillingLookups } from './billing-lookups.ts';

/**
 * A new advertiser of the agency: a company and its billing data (the CNPJ, alphanumeric included, is
 * looked up like the billing profile's), on which its orders, PIs and invoices are issued.
 */
export function AdvertiserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAdvertiser();
  const config = useAppConfig();
  const form = useForm<BillingProfileInput, unknown, BillingProfile>({
    resolver: zodResolver(advertiserBodySchema),
    defaultValues: emptyBilling('pj'),
  });
  const { isSubmitting } = form.formState;
  const lookups = useBillingLookups(form, {
    cepUrl: config.data?.cep_url ?? '',
    cnpjLookup: config.data?.cnpj_lookup ?? false,
  });
  const setMasked = (name: MaskedField, value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
  // A company's billing data, never the person's own address: the browser fills nothing.
  const fields = { form, lookups, setMasked, personType: 'pj' as const, autofill: false };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      toast.success('Anunciante cadastrado', created.name);
      form.reset(emptyBilling('pj'));
      onDone();
    } catch (e) {
      toast.error('Não foi possível cadastrar', errorMessage(e, 'Tente de novo.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Novo anunciante">
      <BillingIdentityFields {...fields} />
      <BillingAddressFields {...fields} ufId="anunciante-uf" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          Cadastrar anunciante
        </Button>
      </div>
    </form>
  );
}
