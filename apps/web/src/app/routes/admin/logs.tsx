import { Link } from 'react-router';
import {
  auditFieldLabel,
  auditFieldValue,
  auditSentence,
  changedFields,
  formatDateTime,
} from '@urbana/shared';
import { Field, filterControlClass } from '../../../components/ui/field.tsx';
import { DateRange } from '../../../components/ui/date-range.tsx';
import {
  AdminPage,
  FilterSelect,
  Pagination,
  QueryState,
  SortHeader,
  Table,
  Th,
  Toolbar,
  useAuditLog,
  useListParams,
} from '../../../features/admin/index.ts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Before → after of each changed field; for a creation or a removal, the recorded fields. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  const rows =
    before && after
      ? changedFields(b, a)
      : Object.entries(before ? b : a).map(([k, v]): [string, unknown, unknown] =>
          before ? [k, v, undefined] : [k, undefined, v],
        );
  if (rows.length === 0) return <>—</>;
  return (
    <details>
      <summary className="cursor-pointer text-xs text-brand-700">
        {rows.length === 1 ? '1 campo' : `${rows.length} campos`}
      </summary>
      <ul className="mt-1 grid gap-1 text-xs">
        {rows.map(([field, from, to]) => (
          <li key={field} className="break-words [overflow-wrap:anywhere]">
            <span className="font-medium">{auditFieldLabel(field)}:</span>{' '}
            {before && after ? (
              <>
                <span className="text-red-800 line-through decoration-red-300">
                  {auditFieldValue(field, from)}
                </span>{' '}
                → <span className="text-emerald-800">{auditFieldValue(field, to)}</span>
              </>
            ) : (
              <span>{auditFieldValue(field, before ? from : to)}</span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Component() {
  const list = useListParams({ dir: 'desc', page: '1', page_size: '30' });
  const logs = useAuditLog(list.search);
  const [actor, setActor] = useState(list.get('actor'));
  const submitActor = (e: FormEvent) => {
    e.preventDefault();
    list.set({ actor: actor.trim() });
  };
  return (
    <AdminPage title="Logs" description="Quem fez o quê: ações da equipe e entradas no sistema.">
      <Toolbar>
        <form onSubmit={submitActor} className="flex items-end gap-2">
          <Field
            label="Pessoa (nome ou email)"
            layout="compact"
            controlClassName={filterControlClass}
            className="w-56"
            value={actor}
            onChange={(e) => setActor(e.target.value)}
          />
          <Button type="submit" size="sm" className="h-10">
            Filtrar
          </Button>
        </form>
        <FilterSelect
          label="Tipo"
          value={list.get('kind')}
          onChange={(e) => list.set({ kind: e.target.value })}
          options={[
            ['', 'Tudo'],
            ['equipe', 'Ações da equipe'],
            ['acesso', 'Entradas (login)'],
          ]}
        />
        <FilterSelect
          label="Ação"
          value={list.get('action')}
          onChange={(e) => list.set({ action: e.target.value })}
          options={[
            ['', 'Todas'],
            ...(logs.data?.actions ?? []).map((a): [string, string] => [a, auditSentence(a)]),
          ]}
        />
        <DateRange
          value={{ from: list.get('from'), to: list.get('to') }}
          onChange={(range) => list.set(range)}
        />
      </Toolbar>
      <QueryState
        query={logs}
        loading="Carregando logs..."
        empty="Nenhum registro encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Trilha de auditoria"
              head={
                <>
                  <SortHeader list={list} column="created_at">
                    Quando
                  </SortHeader>
                  <Th>Quem</Th>
                  <Th>O quê</Th>
                  <Th>Sobre</Th>
                  <Th className="whitespace-nowrap">Antes → depois</Th>
                  <Th>IP</Th>
                </>
              }
            >
              {data.items.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.created_at)}</td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">
                    {row.actor_email && row.actor_href ? (
                      <Link to={row.actor_href} className="text-brand-700 underline">
                        {row.actor_name || row.actor_email}
                      </Link>
                    ) : (
                      <span className="text-slate-500">Sistema ou visitante</span>
                    )}
                    {row.actor_name && row.actor_email ? (
                      <span className="block text-xs text-slate-600">{row.actor_email}</span>
                    ) : null}
                  </td>
                  <td className="min-w-36 px-3 py-2" title={row.action}>
                    {auditSentence(row.action)}
                  </td>
                  <td className="min-w-36 px-3 py-2 [overflow-wrap:anywhere]">
                    {row.target?.href ? (
                      <Link to={row.target.href} className="text-brand-700 underline">
                        {row.target.label}
                      </Link>
                    ) : (
                      (row.target?.label ?? '—')
                    )}
                  </td>
                  {/* Wide enough for "papel: operador → cliente" on one line (it was squeezed to a word a line). */}
                  <td className="min-w-52 px-3 py-2">
                    <Changes before={row.before} after={row.after} />
                  </td>
                  <td className="px-3 py-2 text-xs">{row.ip ?? '—'}</td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
