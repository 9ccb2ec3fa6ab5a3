import { Field } from '../../components/ui/field.tsx';
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
} from '../../features/admin/index.ts';
import { formatDateTime } from '../../features/admin/format.ts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 1);

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
            className="w-56"
            value={actor}
            onChange={(e) => setActor(e.target.value)}
          />
          <Button type="submit" size="sm" className="h-11">
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
          options={[['', 'Todas'], ...(logs.data?.actions ?? []).map((a): [string, string] => [a, a])]}
        />
        <Field
          label="De"
          type="date"
          className="w-40"
          value={list.get('from')}
          onChange={(e) => list.set({ from: e.target.value })}
        />
        <Field
          label="Até"
          type="date"
          className="w-40"
          value={list.get('to')}
          onChange={(e) => list.set({ to: e.target.value })}
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
                  <Th>Ação</Th>
                  <Th>Registro</Th>
                  <Th>Antes → depois</Th>
                  <Th>IP</Th>
                </>
              }
            >
              {data.items.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.created_at)}</td>
                  <td className="px-3 py-2">
                    {row.actor_email ?? <span className="text-slate-500">—</span>}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{row.action}</td>
                  <td className="px-3 py-2 text-xs">
                    {row.entity}
                    {row.entity_id ? (
                      <span className="block break-all text-slate-600">{row.entity_id}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {row.before || row.after ? (
                      <details>
                        <summary className="cursor-pointer text-xs text-brand-700">Ver mudança</summary>
                        <div className="mt-1 grid gap-1 text-xs">
                          {row.before ? (
                            <pre className="whitespace-pre-wrap break-all rounded bg-red-50 p-2">
                              {json(row.before)}
                            </pre>
                          ) : null}
                          {row.after ? (
                            <pre className="whitespace-pre-wrap break-all rounded bg-emerald-50 p-2">
                              {json(row.after)}
                            </pre>
                          ) : null}
                        </div>
                      </details>
                    ) : (
                      '—'
                    )}
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
