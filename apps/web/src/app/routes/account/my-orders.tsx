import { Package } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  buildPath,
  formatDocument,
  orderStatuses,
  orderStatusLabels,
  paths,
  type OrderStatus,
  type OrderSummary,
  formatDate,
  formatMoney,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { FilterChip } from '../../../components/ui/filter-chip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AdvertiserFilter } from '../../../features/agencies/index.ts';
import { OrderStatusBadge, useOrders } from '../../../features/orders/index.ts';
import { DOT } from '../../../lib/text-separators.ts';

function OrderRow({ order: o }: { order: OrderSummary }) {
  return (
    <Link
      to={buildPath(paths.pedido, { orderId: o.id })}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600"
    >
      <div>
        <p className="font-semibold text-slate-900">{o.code}</p>
        {o.advertiser ? (
          // An agency's order is for one of its advertisers, and a colleague's says who placed it.
          <p className="text-sm font-medium text-slate-800" data-testid="pedido-anunciante">
            Para {o.advertiser.name} · CNPJ {formatDocument(o.advertiser.document)}
            {o.placed_by ? ` · feito por ${o.placed_by}` : ''}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {formatDate(o.created_at)}
          {DOT}
          {o.items} {o.items === 1 ? 'item' : 'itens'}
          {DOT}
          {o.summary}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-semibold text-slate-900">{formatMoney(o.total)}</span>
        <OrderStatusBadge status={o.status} />
      </div>
    </Link>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const status = (orderStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderStatus)
    : null;
  const advertiser = params.get('anunciante') ?? '';
  const orders = useOrders(status, advertiser || null);
  const filter = (next: { status?: string | null; anunciante?: string }) => {
    const merged = { status: status ?? '', anunciante: advertiser, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>);
  };
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Meus pedidos</h1>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por status">
        {[null, ...orderStatuses].map((s) => (
          <FilterChip key={s ?? 'todos'} pressed={status === s} onClick={() => filter({ status: s })}>
            {s ? orderStatusLabels[s] : 'Todos'}
          </FilterChip>
        ))}
      </div>
      <AdvertiserFilter
        id="pedidos-anunciante"
        value={advertiser}
        onChange={(id) => filter({ anunciante: id })}
      />
      {orders.isPending ? (
        <Spinner label="Carregando pedidos..." />
      ) : orders.isError ? (
        <Alert>{orders.error.message}</Alert>
      ) : orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Package className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">
            {status || advertiser ? 'Nenhum pedido com este filtro' : 'Você ainda não fez pedidos'}
          </p>
          <Button asChild className="mt-4">
            <Link to={paths.buscarLocais}>Buscar locais</Link>
          </Button>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Pedidos">
          {orders.data.map((o) => (
            <li key={o.id}>
              <OrderRow order={o} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
