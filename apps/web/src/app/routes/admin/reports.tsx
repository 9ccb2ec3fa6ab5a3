import { Download } from '../../../features/admin/icons.ts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  OCCUPANCY_DEFAULT_WEEKS,
  productTypeLabels,
  type ReportTable,
  formatDate,
  formatInteger,
  formatMoney,
  formatPercent,
} from '@urbana/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import {
  AdminPage,
  QueryState,
  Table,
  Th,
  Toolbar,
  useListParams,
  useSalesReport,
} from '../../../features/admin/index.ts';

/** recharts loads only when a chart is on screen, in the admin area. */
const RevenueBarChart = lazy(() =>
  import('../../../features/admin/charts.ts').then((m) => ({ default: m.RevenueBarChart })),
);
const RevenueLineChart = lazy(() =>
  import('../../../features/admin/charts.ts').then((m) => ({ default: m.RevenueLineChart })),
);

const period = (value: string) =>
  value.length === 7 ? value.split('-').reverse().join('/') : formatDate(value);

function Section({
  title,
  table,
  search,
  chart,
  children,
}: {
  title: string;
  table: ReportTable;
  search: string;
  chart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <a
          href={`/api/admin/relatorios/csv?${search}${search ? '&' : ''}tabela=${table}`}
          download
          className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> CSV<span className="sr-only"> de {title}</span>
        </a>
      </div>
      {chart ? (
        <Suspense fallback={<Spinner label="Carregando gráfico..." className="h-64" />}>{chart}</Suspense>
      ) : null}
      {children}
    </Card>
  );
}

const td = 'px-3 py-2';
const OCCUPANCY_ROWS = 20;

/** The busiest towers first; all of them only on request (the network has hundreds). */
function occupancyRows<T extends { rate: number; product: string }>(rows: T[], all: boolean): T[] {
  const sorted = [...rows].sort((a, b) => b.rate - a.rate || a.product.localeCompare(b.product, 'pt-BR'));
  return all ? sorted : sorted.slice(0, OCCUPANCY_ROWS);
}

export function Component() {
  const list = useListParams();
  const report = useSalesReport(list.search);
  const [showAll, setShowAll] = useState(false);
  return (
    <AdminPage
      title="Relatórios"
      description="Vendas pagas no período (pela data do pagamento), melhores clientes e a ocupação das próximas semanas."
    >
      <Toolbar>
        <Field
          label="De"
          type="date"
          className="w-44"
          value={list.get('from') || report.data?.range.from || ''}
          onChange={(e) => list.set({ from: e.target.value })}
        />
        <Field
          label="Até"
          type="date"
          className="w-44"
          value={list.get('to') || report.data?.range.to || ''}
          onChange={(e) => list.set({ to: e.target.value })}
        />
      </Toolbar>
      <QueryState query={report} loading="Calculando relatórios..." empty="" isEmpty={() => false}>
        {(data) => (
          <div className="space-y-5">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Card className="p-4">
                <p className="text-sm text-slate-600">Receita</p>
                <p className="text-2xl font-bold" data-testid="receita-total">
                  {formatMoney(data.totals.revenue)}
                </p>
              </Card>
              <Card className="p-4">
                <p className="text-sm text-slate-600">Pedidos pagos</p>
                <p className="text-2xl font-bold">{formatInteger(data.totals.orders)}</p>
              </Card>
              <Card className="p-4">
                <p className="text-sm text-slate-600">Ticket médio</p>
                <p className="text-2xl font-bold">{formatMoney(data.totals.average_ticket)}</p>
              </Card>
            </div>
            <Section
              title={data.grain === 'month' ? 'Vendas por mês' : 'Vendas por dia'}
              table="periodo"
              search={list.search}
              chart={
                data.periodo.length ? (
                  <RevenueLineChart
                    data={data.periodo.map((p) => ({ day: p.period, revenue: p.revenue }))}
                    label="Receita por período"
                  />
                ) : null
              }
            >
              {data.periodo.length === 0 ? (
                <p className="text-sm text-slate-600">Nenhuma venda paga neste período.</p>
              ) : (
                <Table
                  label="Vendas por período"
                  head={
                    <>
                      <Th>Período</Th>
                      <Th>Pedidos</Th>
                      <Th>Receita</Th>
                      <Th>Descontos</Th>
                    </>
                  }
                >
                  {data.periodo.map((r) => (
                    <tr key={r.period}>
                      <td className={td}>{period(r.period)}</td>
                      <td className={td}>{formatInteger(r.orders)}</td>
                      <td className={td}>{formatMoney(r.revenue)}</td>
                      <td className={td}>{formatMoney(r.discount)}</td>
                    </tr>
                  ))}
                </Table>
              )}
            </Section>
            <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
              <Section
                title="Por tipo de mídia"
                table="tipos"
                search={list.search}
                chart={
                  data.tipos.length ? (
                    <RevenueBarChart
                      data={data.tipos.map((t) => ({
                        name: productTypeLabels[t.type] ?? t.type,
                        revenue: t.revenue,
                      }))}
                      label="Receita por tipo"
                    />
                  ) : null
                }
              >
                {data.tipos.length === 0 ? (
                  <p className="text-sm text-slate-600">Sem vendas.</p>
                ) : (
                  <Table
                    label="Vendas por tipo"
                    head={
                      <>
                        <Th>Tipo</Th>
                        <Th>Itens</Th>
                        <Th>Receita</Th>
                      </>
                    }
                  >
                    {data.tipos.map((r) => (
                      <tr key={r.type}>
                        <td className={td}>{productTypeLabels[r.type] ?? r.type}</td>
                        <td className={td}>{formatInteger(r.items)}</td>
                        <td className={td}>{formatMoney(r.revenue)}</td>
                      </tr>
                    ))}
                  </Table>
                )}
              </Section>
              <Section title="Por cidade" table="cidades" search={list.search}>
                {data.cidades.length === 0 ? (
                  <p className="text-sm text-slate-600">Sem vendas.</p>
                ) : (
                  <Table
                    label="Vendas por cidade"
                    head={
                      <>
                        <Th>Cidade</Th>
                        <Th>Pedidos</Th>
                        <Th>Itens</Th>
                        <Th>Receita</Th>
                      </>
                    }
                  >
                    {data.cidades.map((r) => (
                      <tr key={`${r.city}-${r.state}`}>
                        <td className={td}>
                          {r.city}/{r.state}
                        </td>
                        <td className={td}>{formatInteger(r.orders)}</td>
                        <td className={td}>{formatInteger(r.items)}</td>
                        <td className={td}>{formatMoney(r.revenue)}</td>
                      </tr>
                    ))}
                  </Table>
                )}
              </Section>
            </div>
            <Section title="Por produto" table="produtos" search={list.search}>
              {data.produtos.length === 0 ? (
                <p className="text-sm text-slate-600">Sem vendas.</p>
              ) : (
                <Table
                  label="Vendas por produto"
                  head={
                    <>
                      <Th>Produto</Th>
                      <Th>Tipo</Th>
                      <Th>Cidade</Th>
                      <Th>Itens</Th>
                      <Th>Receita</Th>
                    </>
                  }
                >
                  {data.produtos.map((r) => (
                    <tr key={r.product_id}>
                      <td className={td}>{r.name}</td>
                      <td className={td}>{productTypeLabels[r.type] ?? r.type}</td>
                      <td className={td}>
                        {r.city}/{r.state}
                      </td>
                      <td className={td}>{formatInteger(r.items)}</td>
                      <td className={td}>{formatMoney(r.revenue)}</td>
                    </tr>
                  ))}
                </Table>
              )}
            </Section>
            <Section title="Melhores clientes" table="clientes" search={list.search}>
              {data.clientes.length === 0 ? (
                <p className="text-sm text-slate-600">Sem vendas.</p>
              ) : (
                <Table
                  label="Melhores clientes"
                  head={
                    <>
                      <Th>Cliente</Th>
                      <Th>Email</Th>
                      <Th>Pedidos</Th>
                      <Th>Receita</Th>
                    </>
                  }
                >
                  {data.clientes.map((r) => (
                    <tr key={r.user_id}>
                      <td className={td}>{r.name || '—'}</td>
                      <td className={td}>{r.email}</td>
                      <td className={td}>{formatInteger(r.orders)}</td>
                      <td className={td}>{formatMoney(r.revenue)}</td>
                    </tr>
                  ))}
                </Table>
              )}
            </Section>
            <Section title="Ocupação por produto e torre" table="ocupacao" search={list.search}>
              <div className="flex flex-wrap items-end gap-3">
                <Field
                  label="Ocupação de"
                  type="date"
                  className="w-44"
                  value={list.get('ocupacao_de') || data.occupancy_range.from}
                  onChange={(e) => list.set({ ocupacao_de: e.target.value })}
                />
                <Field
                  label="até"
                  type="date"
                  className="w-44"
                  value={list.get('ocupacao_ate') || data.occupancy_range.to}
                  onChange={(e) => list.set({ ocupacao_ate: e.target.value })}
                />
                <p className="pb-2 text-sm text-slate-600">
                  {list.get('ocupacao_de') || list.get('ocupacao_ate')
                    ? `De ${formatDate(data.occupancy_range.from)} até ${formatDate(data.occupancy_range.to)}.`
                    : `Próximas ${OCCUPANCY_DEFAULT_WEEKS} semanas: de ${formatDate(data.occupancy_range.from)} até ${formatDate(data.occupancy_range.to)}.`}
                </p>
              </div>
              {data.ocupacao.length > OCCUPANCY_ROWS ? (
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                  <p>
                    {showAll
                      ? `Todas as ${formatInteger(data.ocupacao.length)} torres.`
                      : `As ${OCCUPANCY_ROWS} torres mais ocupadas de ${formatInteger(data.ocupacao.length)}; o CSV traz todas.`}
                  </p>
                  <button
                    type="button"
                    className="font-semibold text-brand-700 hover:underline"
                    onClick={() => setShowAll((v) => !v)}
                  >
                    {showAll ? 'Mostrar só as mais ocupadas' : 'Mostrar todas'}
                  </button>
                </div>
              ) : null}
              {data.ocupacao.length === 0 ? (
                <p className="text-sm text-slate-600">Nenhuma torre ativa.</p>
              ) : (
                <Table
                  label="Ocupação"
                  head={
                    <>
                      <Th>Produto</Th>
                      <Th>Torre</Th>
                      <Th>Slots</Th>
                      <Th>Slot-dias reservados</Th>
                      <Th>Ocupação</Th>
                    </>
                  }
                >
                  {occupancyRows(data.ocupacao, showAll).map((r) => (
                    <tr key={r.tower_id}>
                      <td className={td}>
                        {r.product} <span className="text-xs text-slate-500">({r.city})</span>
                      </td>
                      <td className={td}>{r.tower}</td>
                      <td className={td}>{formatInteger(r.slots)}</td>
                      <td className={td}>
                        {formatInteger(r.booked)} de {formatInteger(r.capacity)}
                      </td>
                      <td className={td}>{formatPercent(r.rate)}</td>
                    </tr>
                  ))}
                </Table>
              )}
            </Section>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
