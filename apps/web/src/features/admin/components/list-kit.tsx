import { formatInteger } from '@urbana/shared';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Inbox, Search } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  filterControlClass,
  inputClass,
  SelectField,
  type SelectFieldProps,
} from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * The list's state lives in the URL (search, filters, sort, page), so a list can be shared and the back
 * button works. Changing anything but the page goes back to page 1.
 */
export function useListParams(defaults: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key) ?? defaults[key] ?? '';
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || value === defaults[key]) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  /** The query string for the API: the URL's own, with the defaults filled in. */
  const search = new URLSearchParams({ ...defaults, ...Object.fromEntries(params) });
  search.sort();
  return { get, set, search: search.toString() };
}

export type ListParams = ReturnType<typeof useListParams>;

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function SearchBox({
  list,
  label,
  placeholder,
}: {
  list: ListParams;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.set({ q: value.trim() });
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1 sm:max-w-md"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={cn(inputClass, 'h-10')}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm" className="h-10" aria-label="Buscar">
        <Search className="h-4 w-4" aria-hidden="true" />
      </Button>
    </form>
  );
}

/** A toolbar's filter: the kit's select with the small label above it. */
export function FilterSelect({ controlClassName, ...props }: Omit<SelectFieldProps, 'layout'>) {
  return (
    <SelectField layout="compact" controlClassName={cn(filterControlClass, controlClassName)} {...props} />
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <div
      data-toolbar=""
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      {children}
    </div>
  );
}

/** A column header that sorts the list on the server (aria-sort tells screen readers the order). */
export function SortHeader({
  list,
  column,
  children,
  className,
}: {
  list: ListParams;
  column: string;
  children: ReactNode;
  className?: string;
}) {
  const active = list.get('sort') === column;
  const dir = list.get('dir') || 'desc';
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 text-left font-semibold', className)}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-brand-700"
        // A new column starts A→Z (issue #17 item 8); the active one turns around.
        onClick={() => list.set({ sort: column, dir: active ? (dir === 'asc' ? 'desc' : 'asc') : 'asc' })}
      >
        {children}
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn('px-3 py-2 text-left font-semibold', className)}>
      {children}
    </th>
  );
}

/**
 * Each body cell carries its column's name (`data-label`), which a phone shows before the value when
 * the rows stand as cards (index.css, `[data-stacked-table]`); the roles are said outright, since a
 * table drawn as blocks loses them in some browsers.
 */
function labelCells(table: HTMLTableElement | null) {
  if (!table) return;
  const heads = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const labels = heads.map((cell) => cell.textContent?.trim() ?? '');
  table.setAttribute('role', 'table');
  for (const row of Array.from(table.rows)) {
    row.setAttribute('role', 'row');
    Array.from(row.cells).forEach((cell, index) => {
      if (cell.tagName === 'TH') {
        cell.setAttribute('role', cell.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader');
      } else {
        cell.setAttribute('role', 'cell');
        cell.setAttribute('data-label', cell.colSpan > 1 ? '' : (labels[index] ?? ''));
      }
    });
  }
}

export function Table({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the page, the search and the filters.
  useLayoutEffect(() => labelCells(table.current));
  return (
    // A table wider than the screen scrolls in its own box (relative: hidden labels positioned inside
    // stay in it, not in the page's width), which the keyboard must reach too (axe:
    // scrollable-region-focusable, seen on /admin/relatorios with long names). On a phone the rows
    // stand as cards instead, every column on screen (found walking the panel: the users' role and
    // state, the coupons' status and the log's "O quê" lay beyond the screen's edge).
    <div
      tabIndex={0}
      data-stacked-table=""
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table ref={table} className="w-full text-sm sm:min-w-[640px]" aria-label={label}>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

export function Pagination({ list, total, pageSize }: { list: ListParams; total: number; pageSize: number }) {
  const page = Number(list.get('page') || 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p>
        {formatInteger(total)} {total === 1 ? 'registro' : 'registros'} · página {page} de {pages}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => list.set({ page: String(page - 1) })}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Anterior
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => list.set({ page: String(page + 1) })}
        >
          Próxima <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** Loading, error (with a retry) and empty states, then the content. */
export function QueryState<T>({
  query,
  loading,
  empty,
  isEmpty,
  children,
}: {
  query: {
    isPending: boolean;
    /** 'idle' while pending: the query is not asked (its page's fields say why). */
    fetchStatus?: 'fetching' | 'paused' | 'idle';
    isError: boolean;
    error: Error | null;
    data: T | undefined;
    refetch: () => unknown;
  };
  loading: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { pathname, search } = useLocation();
  if (query.isPending && query.fetchStatus === 'idle') return null;
  if (query.isPending) return <Spinner label={loading} className="py-16" />;
  if (query.isError || query.data === undefined) {
    // A refusal (4xx: a period too long, a record not found) comes back the same when asked again:
    // no "Tentar de novo" that cannot help (app/providers.tsx retries only failures, too).
    const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return (
      <div className="space-y-3">
        <Alert>{query.error?.message ?? 'Não foi possível carregar.'}</Alert>
        {/* A filter refused (an address edited or pasted by hand): the way back to the whole list. */}
        {refused && search ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={pathname}>Limpar filtros</Link>
          </Button>
        ) : null}
        {refused ? null : (
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        )}
      </div>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-semibold text-slate-900">{empty}</p>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
