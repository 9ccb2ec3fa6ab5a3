import { Link } from 'react-router';
import { formatDocument, paths } from '@urbana/shared';
import { SelectField } from '../../components/ui/field.tsx';
import { useAdvertisers, useMyAgency } from './api.ts';

/**
 * "Para qual anunciante?": an agency's person picks the advertiser a cart, a quote or an order is for
 * (its CNPJ is billed, issue #44); nothing for a direct customer. `value` '' is none chosen yet.
 */
export function AdvertiserPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (advertiserId: string) => void;
  error?: string | undefined;
}) {
  const agency = useMyAgency();
  const isAgency = !!agency.data?.agency;
  const advertisers = useAdvertisers(isAgency);
  if (!isAgency) return null;
  const items = advertisers.data?.items ?? [];
  if (advertisers.isSuccess && items.length === 0)
    return (
      <p className="text-sm text-slate-700">
        Sua agência ainda não tem anunciantes.{' '}
        <Link to={paths.usuario.agencia} className="font-medium text-brand-700 underline">
          Cadastre o anunciante em Minha agência
        </Link>{' '}
        para continuar.
      </p>
    );
  return (
    <SelectField
      id={id}
      label="Anunciante"
      hint="O pedido, o PI e a fatura saem no CNPJ do anunciante."
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      options={[
        ['', 'Escolha o anunciante'] as const,
        ...items.map((a) => [a.id, `${a.name} · ${formatDocument(a.document)}`] as const),
      ]}
    />
  );
}

/** Whether the signed-in person buys for an agency (and so must name an advertiser). */
export function useIsAgency(enabled = true): boolean {
  return !!useMyAgency(enabled).data?.agency;
}

/**
 * An agency's lists (orders, ads) of one advertiser, '' for all (decision 116); nothing for a direct
 * customer.
 */
export function AdvertiserFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (advertiserId: string) => void;
}) {
  const isAgency = useIsAgency();
  const advertisers = useAdvertisers(isAgency);
  if (!isAgency) return null;
  return (
    <div className="max-w-sm">
      <SelectField
        id={id}
        label="Anunciante"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          ['', 'Todos os anunciantes'] as const,
          ...(advertisers.data?.items ?? []).map((a) => [a.id, a.name] as const),
        ]}
      />
    </div>
  );
}
