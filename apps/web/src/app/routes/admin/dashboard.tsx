import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buildPath, paths } from '@urbana/shared';
import {
  formatCount,
  formatDate,
  formatInteger,
  formatMoney,
  formatPercent,
  type Overview,
} from '@urbana/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AdminPage, CampaignQueue, QueryState, useOverview } from '../../../features/admin/index.ts';
import { OrderStatusBadge } from '../../../features/orders/index.ts';

/** recharts loads only when a chart is on screen, in the admin area. */
const RevenueLineChart = lazy(() =>
  import('../../../features/admin/charts.ts').then((m) => ({ default: m.RevenueLineChart })),
);

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function Figure({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: string;
  detail?: string;
  to?: { href: string; label: string };
}) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
      {to ? (
        <Link to={to.href} className={`mt-2 inline-block text-sm ${link}`}>
          {to.label}
        </Link>
      ) : null}
    </Card>
  );
}

/** Where each "Aguardando a equipe" line is worked on (issue #19: the dashboard links to the lists). */
const awaitingLinks: Record<string, string> = {
  pedidos_aguardando_pagamento: `${paths.admin.pedidos}?status=aguardando_pagamento`,
  anuncios_em_analise: `${paths.admin.campanhas}?status=em_analise`,
  atendimentos_abertos: paths.admin.suporte,
};

const percent = (taken: number, total: number) => formatPercent(total ? taken / total : 0);

/** The last orders placed, with their customer, total and state. */
function RecentOrders({ orders }: { orders: Overview['recent_orders'] }) {
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Pedidos recentes</h2>
        <Link to={paths.admin.pedidos} className={`text-sm ${link}`}>
          Ver todos os pedidos
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhum pedido ainda.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div>
                <Link to={buildPath(paths.admin.pedido, { id: o.id })} className={`font-semibold ${link}`}>
                  {o.code}
                </Link>
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
  );
}

export function Component() {
  const overview = useOverview();
  return (
    <AdminPage title="Painel" description="Como o marketplace está hoje.">
      <QueryState query={overview} loading="Carregando o painel..." empty="" isEmpty={() => false}>
        {(data) => (
          <div className="space-y-5">
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              <Figure
                label="Receita líquida neste mês"
                value={formatMoney(data.revenue_this_month)}
                detail={`Depois de descontos e reembolsos. Mês passado: ${formatMoney(data.revenue_last_month)}`}
                to={{ href: paths.admin.relatorios, label: 'Ver relatórios' }}
              />
              <Figure
                label="Pedidos pagos neste mês"
                value={formatInteger(data.orders_this_month)}
                detail={`Mês passado: ${formatInteger(data.orders_last_month)}`}
                to={{ href: `${paths.admin.pedidos}?status=pago`, label: 'Ver pedidos pagos' }}
              />
              <Figure label="Ticket médio" value={formatMoney(data.average_ticket)} />
              <Figure
                label="Novos usuários neste mês"
                value={formatInteger(data.new_users_this_month)}
                detail={`${formatCount(data.users.cliente, 'cliente', 'clientes')} no total`}
              />
              <Figure
                label="Ocupação da rede hoje"
                value={percent(data.occupancy.taken, data.occupancy.total)}
                detail={`${formatInteger(data.occupancy.taken)} de ${formatInteger(data.occupancy.total)} slots vendidos; ${formatInteger(data.occupancy.technical)} em reserva técnica, ${formatInteger(data.occupancy.blocked)} bloqueados`}
              />
              <Figure label="Produtos ativos" value={formatInteger(data.active_products)} />
            </div>
            <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
              <Card className="p-4 lg:col-span-2">
                <h2 className="font-semibold text-slate-900">Receita líquida dos últimos 30 dias</h2>
                <Suspense fallback={<Spinner label="Carregando gráfico..." className="h-64" />}>
                  <RevenueLineChart data={data.revenue_30_days} label="Receita por dia nos últimos 30 dias" />
                </Suspense>
              </Card>
              <Card className="p-4">
                <h2 className="font-semibold text-slate-900">Aguardando a equipe</h2>
                <ul className="mt-3 space-y-2">
                  {data.awaiting_review.map((item) => (
                    <li key={item.kind} className="flex items-center justify-between gap-3 text-sm">
                      {awaitingLinks[item.kind] ? (
                        <Link to={awaitingLinks[item.kind]!} className={link}>
                          {item.label}
                        </Link>
                      ) : (
                        <span className="text-slate-700">{item.label}</span>
                      )}
                      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900">
                        {formatInteger(item.count)}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
            <CampaignQueue entries={data.campaign_queue} />
            <RecentOrders orders={data.recent_orders} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
