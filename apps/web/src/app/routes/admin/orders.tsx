import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  buildPath,
  orderStatuses,
  orderStatusLabels,
  paths,
  paymentMethodLabels,
  paymentMethods,
  type AdminOrderRow,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { DateRange } from '../../../components/ui/date-range.tsx';
import { Field, filterControlClass } from '../../../components/ui/field.tsx';
import {
  AdminPage,
  adminOrdersCsvUrl,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  SortHeader,
  Table,
  Th,
  Toolbar,
  useAdminOrders,
  useListParams,
  type ListParams,
} from '../../../features/admin/index.ts';
import { UnmatchedPixList } from '../../../features/admin/components/unmatched-pix.tsx';
import { OrderStatusBadge } from '../../../features/orders/index.ts';
import { formatDate, formatMoney } from '@urbana/shared';

const PAGE_SIZE = 20;

function CityFilter({ list }: { list: ListParams }) {
  const [value, setValue] = useState(list.get('cidade'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.set({ cidade: value.trim() });
  };
  return (
    <form onSubmit={submit}>
      <Field
        label="Cidade"
        layout="compact"
        controlClassName={filterControlClass}
        className="w-40"
        value={value}
        placeholder="Ex.: Brasília"
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => list.set({ cidade: value.trim() })}
      />
    </form>
  );
}

const orderLink = (o: AdminOrderRow) => buildPath(paths.admin.pedido, { id: o.id });

/** Phones: one card per order, the whole card a link (no sideways scroll). */
function OrderCards({ items }: { items: AdminOrderRow[] }) {
  return (
    <ul className="space-y-2 sm:hidden" aria-label="Pedidos">
      {items.map((o) => (
        <li key={o.id}>
          <Link
            to={orderLink(o)}
            className="block rounded-xl border border-slate-200 bg-white p-3 hover:border-slate-500"
          >
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold whitespace-nowrap text-slate-900">{o.code}</span>
              <OrderStatusBadge status={o.status} />
            </div>
            <p className="mt-1 text-sm break-words text-slate-700">{o.customer.name}</p>
            <p className="text-sm text-slate-600">
              {formatMoney(o.total)} · {paymentMethodLabels[o.payment_method]} · {formatDate(o.created_at)}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderTable({ list, items }: { list: ListParams; items: AdminOrderRow[] }) {
  return (
    <div className="hidden sm:block">
      <Table
        label="Pedidos"
        head={
          <>
            <SortHeader list={list} column="code">
              Pedido
            </SortHeader>
            <SortHeader list={list} column="customer">
              Cliente
            </SortHeader>
            <Th>Situação</Th>
            <Th>Pagamento</Th>
            <Th>Cidades</Th>
            <SortHeader list={list} column="total" className="text-right">
              Total
            </SortHeader>
            <SortHeader list={list} column="created_at">
              Feito em
            </SortHeader>
          </>
        }
      >
        {items.map((o) => (
          <tr key={o.id} className="hover:bg-slate-50">
            <td className="px-3 py-2 font-semibold whitespace-nowrap">
              <Link to={orderLink(o)} className="text-brand-700 underline-offset-2 hover:underline">
                {o.code}
              </Link>
            </td>
            <td className="px-3 py-2">
              <p className="break-words">{o.customer.name}</p>
              <p className="text-xs break-all text-slate-600">{o.customer.email}</p>
            </td>
            <td className="px-3 py-2">
              <OrderStatusBadge status={o.status} />
            </td>
            <td className="px-3 py-2">{paymentMethodLabels[o.payment_method]}</td>
            <td className="px-3 py-2">{o.cities.join(', ')}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(o.total)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(o.created_at)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

/** /admin/pedidos: every order, searchable and filterable, with a CSV of what is shown (admin and operador). */
export function Component() {
  const list = useListParams({ page: '1', page_size: String(PAGE_SIZE), sort: 'created_at', dir: 'desc' });
  const orders = useAdminOrders(list.search);
  return (
    <AdminPage
      title="Pedidos"
      description="Todos os pedidos: confirme pagamentos faturados, prorrogue reservas, reemita o Pix ou cancele."
      actions={
        <Button asChild variant="secondary">
          <a href={adminOrdersCsvUrl(list.search)} download>
            <Download className="h-4 w-4" aria-hidden="true" /> Exportar CSV
          </a>
        </Button>
      }
    >
      <Toolbar>
        {/* A row of its own: beside five filters the box shrank until its button slid under them. */}
        <div className="flex basis-full">
          <SearchBox list={list} label="Buscar pedidos" placeholder="Código, cliente, CPF/CNPJ ou e-mail" />
        </div>
        <FilterSelect
          className="w-full sm:w-44"
          label="Situação"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[
            ['', 'Todas'],
            ...orderStatuses.map((s) => [s, orderStatusLabels[s]] as [string, string]),
          ]}
        />
        <FilterSelect
          className="w-full sm:w-44"
          label="Pagamento"
          value={list.get('metodo')}
          onChange={(e) => list.set({ metodo: e.target.value })}
          options={[
            ['', 'Todos'],
            ...paymentMethods.map((m) => [m, paymentMethodLabels[m]] as [string, string]),
          ]}
        />
        <DateRange
          labels={{ from: 'Feito de', to: 'até' }}
          value={{ from: list.get('from'), to: list.get('to') }}
          onChange={(range) => list.set(range)}
        />
        <CityFilter list={list} />
      </Toolbar>
      <UnmatchedPixList />
      <QueryState
        query={orders}
        loading="Carregando pedidos..."
        empty="Nenhum pedido encontrado com estes filtros."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <OrderCards items={data.items} />
            <OrderTable list={list} items={data.items} />
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
