import { useState } from 'react';
import { SearchPicker, type PickerOption } from '../../../components/ui/search-picker.tsx';
import { useCustomerSearch, type CustomerOptionData } from '../api/use-inventory.ts';

const optionOf = (c: CustomerOptionData): PickerOption => ({
  id: c.id,
  title: c.nome_completo || c.email,
  detail: `${c.empresa ? `${c.empresa} · ` : ''}${c.email}`,
});

/** Finds a customer by name, company or e-mail (accent-insensitive) and picks one. */
export function CustomerPicker({
  value,
  onChange,
  error,
}: {
  value: CustomerOptionData | null;
  onChange: (customer: CustomerOptionData | null) => void;
  error?: string | undefined;
}) {
  const [q, setQ] = useState('');
  const found = useCustomerSearch(q);
  const items = found.data?.items ?? [];
  return (
    <SearchPicker
      label="Cliente"
      placeholder="Nome, empresa ou e-mail"
      listLabel="Clientes encontrados"
      emptyText="Nenhum cliente encontrado."
      selected={value ? optionOf(value) : null}
      onClear={() => onChange(null)}
      q={q}
      onSearch={setQ}
      options={items.map(optionOf)}
      fetching={found.isFetching}
      onPick={(id) => onChange(items.find((c) => c.id === id) ?? null)}
      error={error}
    />
  );
}
