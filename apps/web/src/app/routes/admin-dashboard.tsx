import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AdminPage, QueryState, useOverview } from '../../features/admin/index.ts';
import { OrderStatusBadge } from '../../features/orders/index.ts';
import { formatDate, formatInteger, formatMoney } from '../../lib/format.ts';

/** recharts loads only when a chart is on screen, in the admin area. */
const RevenueLineChart = lazy(() =>
  import('../../features/admin/charts.ts').then((m) => ({ default: m.RevenueLineChart })),
);

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
    </Card>
  );
}

const percent = (taken: number, total: number) =>
  total ? `${((taken / total) * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%` : '0%';

export function Component() {
  const overview = useOverview();
  return (
    <AdminPage title="Painel" description="Como o marketplace está hoje.">
      <QueryState query={overview} loading="Carregando o painel..." empty="" isEmpty={() => false}>
        {(data) => (
          <div className="space-y-5">
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              <Figure
                label="Receita neste mês"
                value={formatMoney(data.revenue_this_month)}
                detail={`Mês passado: ${formatMoney(data.revenue_last_month)}`}
              />
              <Figure
                label="Pedidos pagos neste mês"
                value={formatInteger(data.orders_this_month)}
                detail={`Mês passado: ${formatInteger(data.orders_last_month)}`}
              />
              <Figure label="Ticket médio" value={formatMoney(data.average_ticket)} />
              <Figure
                label="Novos usuários neste mês"
                value={formatInteger(data.new_users_this_month)}
                detail={`${formatInteger(data.users.cliente)} clientes no total`}
              />
              <Figure
                label="Ocupação da rede hoje"
                value={percent(data.occupancy.taken, data.occupancy.total)}
                detail={`${formatInteger(data.occupancy.taken)} de ${formatInteger(data.occupancy.total)} slots`}
              />
              <Figure label="Produtos ativos" value={formatInteger(data.active_products)} />
            </div>
            <div className="grid gap-5 lg:grid-cols-3">
              <Card className="p-4 lg:col-span-2">
                <h2 className="font-semibold text-slate-900">Receita dos últimos 30 dias</h2>
                <Suspense fallback={<Spinner label="Carregando gráfico..." className="h-64" />}>
                  <RevenueLineChart data={data.revenue_30_days} label="Receita por dia nos últimos 30 dias" />
                </Suspense>
              </Card>
              <Card className="p-4">
                <h2 className="font-semibold text-slate-900">Aguardando a equipe</h2>
                <ul className="mt-3 space-y-2">
                  {data.awaiting_review.map((item) => (
                    <li key={item.kind} className="flex items-center justify-between gap-3 text-sm">
                      <span className="text-slate-700">{item.label}</span>
                      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900">
                        {formatInteger(item.count)}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
            <Card className="p-4">
              <h2 className="font-semibold text-slate-900">Pedidos recentes</h2>
              {data.recent_orders.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">Nenhum pedido ainda.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100">
                  {data.recent_orders.map((o) => (
                    <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <div>
                        <p className="font-semibold text-slate-900">{o.code}</p>
                        <p className="text-slate-600">
                          {o.customer || o.email} · {formatDate(o.created_at)}
                        </p>
                      </div>
                      <div className="flex items-center gap-3">
                        <span className="font-semibold">{formatMoney(o.total)}</span>
                        <OrderStatusBadge status={o.status} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
