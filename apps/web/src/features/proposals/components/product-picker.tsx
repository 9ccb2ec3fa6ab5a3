import { useState } from 'react';
import { SearchPicker, type PickerOption } from '../../../components/ui/search-picker.tsx';
import { useAdminProducts } from '../../admin/index.ts';

/** Matches shown at once: the search narrows them; the whole catalogue never fills one list. */
const MATCHES = 20;

interface Place {
  name: string;
  neighborhood: string;
  address: string;
  city: string;
  state: string;
}

/** A face's line: where it is, which tells apart faces of the same name in one city. */
const detailOf = (p: Place) =>
  [p.address, p.neighborhood, `${p.city} – ${p.state}`].filter(Boolean).join(' · ');

/**
 * Finds an active product by name, address, city or code and picks it (a select of the first 100 by
 * name left most of a large catalogue out, and showed faces of the same name in one city alike).
 */
export function ProductPicker({
  value,
  chosen,
  onChange,
  error,
}: {
  value: string;
  /** The chosen product as its line reads it (it also needs its towers), while it loads undefined. */
  chosen: Place | undefined;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const [q, setQ] = useState('');
  const term = q.trim();
  const found = useAdminProducts(
    term.length >= 2
      ? new URLSearchParams({
          q: term,
          status: 'ativo',
          sort: 'name',
          dir: 'asc',
          page_size: String(MATCHES),
        }).toString()
      : '',
    term.length >= 2,
  );
  const options: PickerOption[] = (found.data?.items ?? []).map((p) => ({
    id: p.id,
    title: p.name,
    detail: detailOf(p),
  }));
  const selected: PickerOption | null = value
    ? {
        id: value,
        title: chosen?.name ?? 'Carregando…',
        detail: chosen ? detailOf(chosen) : '',
      }
    : null;
  return (
    <SearchPicker
      label="Produto"
      placeholder="Nome, endereço, cidade ou código"
      listLabel="Produtos encontrados"
      emptyText="Nenhum produto ativo encontrado."
      selected={selected}
      onClear={() => onChange('')}
      q={q}
      onSearch={setQ}
      options={options}
      fetching={found.isFetching}
      onPick={onChange}
      error={error}
    />
  );
}
