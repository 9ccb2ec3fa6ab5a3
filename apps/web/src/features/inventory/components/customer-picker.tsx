import { useId, useState } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCustomerSearch, type CustomerOptionData } from '../api/use-inventory.ts';

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
  const id = useId();
  const [q, setQ] = useState('');
  const found = useCustomerSearch(q);
  if (value) {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-800">Cliente</span>
        <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium">{value.nome_completo || value.email}</span>
            <span className="block truncate text-xs text-slate-600">
              {value.empresa ? `${value.empresa} · ` : ''}
              {value.email}
            </span>
          </span>
          <button
            type="button"
            className="shrink-0 text-sm font-medium text-brand-700 underline"
            onClick={() => onChange(null)}
          >
            Trocar
          </button>
        </div>
      </div>
    );
  }
  const items = found.data?.items ?? [];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Cliente
      </label>
      <input
        id={id}
        type="search"
        className={cn(inputClass, error && 'border-red-500')}
        placeholder="Nome, empresa ou e-mail"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
      />
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {q.trim().length >= 2 ? (
        <ul
          aria-label="Clientes encontrados"
          className="max-h-48 overflow-y-auto rounded-lg border border-slate-200"
        >
          {items.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">
              {found.isFetching ? 'Buscando…' : 'Nenhum cliente encontrado.'}
            </li>
          ) : (
            items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
                  onClick={() => onChange(c)}
                >
                  <span className="block font-medium">{c.nome_completo || c.email}</span>
                  <span className="block text-xs text-slate-600">
                    {c.empresa ? `${c.empresa} · ` : ''}
                    {c.email}
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
