import { useState } from 'react';
import { Link } from 'react-router';
import {
  addDays,
  mondayOf,
  paths,
  productTypeLabels,
  productTypes,
  todayInBrasilia,
  type InventoryGrid as InventoryGridData,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field, filterControlClass } from '../../../components/ui/field.tsx';
import {
  AdminPage,
  FilterSelect,
  Pagination,
  QueryState,
  Toolbar,
  useListParams,
  type ListParams,
} from '../../../features/admin/index.ts';
import {
  CellDialog,
  InventoryGrid,
  InventoryLegend,
  latestCell,
  useInventoryGrid,
  type CellRef,
} from '../../../features/inventory/index.ts';

/** /admin/inventario: faces by weeks, sold / held / blocked / free (issue #19 item 2). */
export function Component() {
  const list = useListParams({ semanas: '12' });
  const grid = useInventoryGrid(list.search);
  const [open, setOpen] = useState<CellRef | null>(null);
  const first = list.get('de') || mondayOf(todayInBrasilia());
  return (
    <AdminPage
      title="Inventário"
      description="Faces por semana: vagas vendidas, reservadas, bloqueadas e livres. Abra uma célula para ver o que a ocupa, bloquear, reservar ou criar uma proposta."
      actions={
        <Button asChild variant="secondary">
          <Link to={paths.admin.propostas}>Propostas</Link>
        </Button>
      }
    >
      <InventoryFilters list={list} first={first} options={grid.data} />
      <InventoryLegend />
      <QueryState
        query={grid}
        loading="Carregando inventário"
        empty="Nenhuma face com esses filtros."
        isEmpty={(d) => d.faces.length === 0}
      >
        {(data) => (
          <>
            <InventoryGrid data={data} onOpen={setOpen} />
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
      <CellDialog
        cell={open && grid.data ? latestCell(open, grid.data) : open}
        onClose={() => setOpen(null)}
      />
    </AdminPage>
  );
}

/** The grid's filters: city, type, product, first week, how many weeks, and a step of four weeks. */
function InventoryFilters({
  list,
  first,
  options,
}: {
  list: ListParams;
  first: string;
  options: Pick<InventoryGridData, 'cities' | 'products'> | undefined;
}) {
  const shift = (weeks: number) => list.set({ de: addDays(first, weeks * 7) });
  return (
    <Toolbar>
      <FilterSelect
        label="Cidade"
        value={list.get('cidade')}
        onChange={(e) => list.set({ cidade: e.target.value })}
        options={[
          ['', 'Todas'],
          ...(options?.cities ?? []).map((c) => [c.city, `${c.city} – ${c.state}`] as [string, string]),
        ]}
      />
      <FilterSelect
        label="Tipo"
        value={list.get('tipo')}
        onChange={(e) => list.set({ tipo: e.target.value })}
        options={[['', 'Todos'], ...productTypes.map((t) => [t, productTypeLabels[t]] as [string, string])]}
      />
      <FilterSelect
        label="Produto"
        className="min-w-0 max-w-full sm:max-w-64"
        value={list.get('produto')}
        onChange={(e) => list.set({ produto: e.target.value })}
        options={[
          ['', 'Todos'],
          // Names repeat (several faces of one building): where each is tells them apart.
          ...(options?.products ?? []).map(
            (p) => [p.id, `${p.name} — ${p.address} (${p.city} – ${p.state})`] as [string, string],
          ),
        ]}
      />
      <Field
        label="A partir de"
        layout="compact"
        controlClassName={filterControlClass}
        type="date"
        className="w-40"
        value={first}
        onChange={(e) => list.set({ de: e.target.value })}
      />
      <FilterSelect
        label="Semanas"
        value={list.get('semanas')}
        onChange={(e) => list.set({ semanas: e.target.value })}
        options={[
          ['4', '4'],
          ['8', '8'],
          ['12', '12'],
          ['26', '26'],
        ]}
      />
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => shift(-4)}>
          ← 4 semanas
        </Button>
        <Button variant="secondary" size="sm" onClick={() => shift(4)}>
          4 semanas →
        </Button>
      </div>
    </Toolbar>
  );
}
