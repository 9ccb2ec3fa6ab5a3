import { Download } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DateRange, rangeParams } from '../../../components/ui/date-range.tsx';
import {
  OCCUPANCY_DEFAULT_WEEKS,
  productTypeLabels,
  type ReportTable,
  type SalesReport,
  formatDate,
  formatInteger,
  formatMoney,
  formatPercent,
} from '@urbana/shared';
import { Card } from '../../../components/ui/card.tsx';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import {
  AdminPage,
  type ListParams,
  QueryState,
  Table,
  Th,
  Toolbar,
  useListParams,
  useSalesReport,
} from '../../../features/admin/index.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

/** recharts loads only when a chart is on screen, in the admin area. */
const RevenueBarChart = lazy(() =>
  import('../../../features/admin/charts.ts').then((m) => ({ default: m.RevenueBarChart })),
);
const RevenueLineChart = lazy(() =>
  import('../../../features/admin/charts.ts').then((m) => ({ default: m.RevenueLineChart })),
);

const period = (value: string) =>
  value.length === 7 ? value.split('-').reverse().join('/') : formatDate(value);

/** One table of the report as CSV, for the period on the screen (a link the browser downloads). */
const csvHref = (search: string, tabela: ReportTable) => {
  const csv = adminEndpoints.reports.csv;
  return hrefOf(csv, { query: { ...queryFromSearch(csv, search), tabela } });
};

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
          href={csvHref(search, table)}
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
const cityOf = (r: { city: string; state: string }) => `${r.city}/${r.state}`;
const typeOf = (r: { type: keyof typeof productTypeLabels }) => productTypeLabels[r.type] ?? r.type;

/** A row of each report table. */
type Rows = { [T in ReportTable]: SalesReport[T][number] };

/** One report table, declared once: its section, its columns as [header, cell], its empty line. */
interface ReportSpec<T> {
  title: string | ((report: SalesReport) => string);
  label: string;
  empty: string;
  rowKey: (row: T) => string;
  columns: Array<[header: string, cell: (row: T) => ReactNode]>;
  /** Drawn above the table when there are rows. */
  chart?: (rows: T[]) => ReactNode;
}

/** A report table: its columns as [header, cell], or a line saying there is nothing to show. */
function RowsTable<T>({ spec: { label, empty, rowKey, columns }, rows }: { spec: ReportSpec<T>; rows: T[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <Table
      label={label}
      head={
        <>
          {columns.map(([header]) => (
            <Th key={header}>{header}</Th>
          ))}
        </>
      }
    >
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map(([header, cell]) => (
            <td key={header} className={td}>
              {cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}
const OCCUPANCY_ROWS = 20;
/** The one money figure of every table and headline: bruto − descontos − reembolsos. */
const NET = 'Receita líquida';

/** The busiest towers first; all of them only on request (the network has hundreds). */
function occupancyRows<T extends { rate: number; product: string }>(rows: T[], all: boolean): T[] {
  const sorted = [...rows].sort((a, b) => b.rate - a.rate || a.product.localeCompare(b.product, 'pt-BR'));
  return all ? sorted : sorted.slice(0, OCCUPANCY_ROWS);
}

const reports: { [T in ReportTable]: ReportSpec<Rows[T]> } = {
  periodo: {
    title: (report) => (report.grain === 'month' ? 'Vendas por mês' : 'Vendas por dia'),
    label: 'Vendas por período',
    empty: 'Nenhuma venda paga neste período.',
    rowKey: (r) => r.period,
    columns: [
      ['Período', (r) => period(r.period)],
      ['Pedidos', (r) => formatInteger(r.orders)],
      ['Bruto', (r) => formatMoney(r.gross)],
      ['Descontos', (r) => formatMoney(r.discount)],
      ['Reembolsos', (r) => formatMoney(r.refunds)],
      [NET, (r) => formatMoney(r.revenue)],
    ],
    chart: (rows) => (
      <RevenueLineChart
        data={rows.map((p) => ({ day: p.period, revenue: p.revenue }))}
        label="Receita líquida por período"
      />
    ),
  },
  tipos: {
    title: 'Por tipo de mídia',
    label: 'Vendas por tipo',
    empty: 'Sem vendas.',
    rowKey: (r) => r.type,
    columns: [
      ['Tipo', typeOf],
      ['Itens', (r) => formatInteger(r.items)],
      ['Bruto', (r) => formatMoney(r.gross)],
      [NET, (r) => formatMoney(r.revenue)],
    ],
    chart: (rows) => (
      <RevenueBarChart
        data={rows.map((t) => ({ name: typeOf(t), revenue: t.revenue }))}
        label="Receita líquida por tipo"
      />
    ),
  },
  cidades: {
    title: 'Por cidade',
    label: 'Vendas por cidade',
    empty: 'Sem vendas.',
    rowKey: (r) => `${r.city}-${r.state}`,
    columns: [
      ['Cidade', cityOf],
      ['Pedidos', (r) => formatInteger(r.orders)],
      ['Itens', (r) => formatInteger(r.items)],
      ['Bruto', (r) => formatMoney(r.gross)],
      [NET, (r) => formatMoney(r.revenue)],
    ],
  },
  produtos: {
    title: 'Por produto',
    label: 'Vendas por produto',
    empty: 'Sem vendas.',
    rowKey: (r) => r.product_id,
    columns: [
      ['Produto', (r) => r.name],
      ['Tipo', typeOf],
      ['Cidade', cityOf],
      ['Itens', (r) => formatInteger(r.items)],
      ['Bruto', (r) => formatMoney(r.gross)],
      [NET, (r) => formatMoney(r.revenue)],
    ],
  },
  clientes: {
    title: 'Melhores clientes',
    label: 'Melhores clientes',
    empty: 'Sem vendas.',
    rowKey: (r) => r.user_id,
    columns: [
      ['Cliente', (r) => r.name || '—'],
      ['Email', (r) => r.email],
      ['Pedidos', (r) => formatInteger(r.orders)],
      [NET, (r) => formatMoney(r.revenue)],
    ],
  },
  ocupacao: {
    title: 'Ocupação por produto e torre',
    label: 'Ocupação',
    empty: 'Nenhuma torre ativa.',
    rowKey: (r) => r.tower_id,
    columns: [
      [
        'Produto',
        (r) => (
          <>
            {r.product} <span className="text-xs text-slate-500">({r.city})</span>
          </>
        ),
      ],
      ['Torre', (r) => r.tower],
      ['Slots', (r) => formatInteger(r.slots)],
      [
        'Slot-dias vendidos',
        (r) => (
          <>
            {formatInteger(r.booked)} de {formatInteger(r.capacity)}
          </>
        ),
      ],
      ['Reserva técnica', (r) => formatInteger(r.technical)],
      ['Bloqueados', (r) => formatInteger(r.blocked)],
      ['Ocupação (vendas)', (r) => formatPercent(r.rate)],
      ['Indisponível', (r) => formatPercent(r.unavailable_rate)],
    ],
  },
};

/** A report's section: its heading and CSV link, its chart, anything above the table, the table. */
function ReportSection<T extends ReportTable>({
  report,
  table,
  search,
  rows,
  children,
}: {
  report: SalesReport;
  table: T;
  search: string;
  /** The rows shown, when not all of them. */
  rows?: Array<Rows[T]>;
  children?: ReactNode;
}) {
  const spec: ReportSpec<Rows[T]> = reports[table];
  const all = report[table] as Array<Rows[T]>;
  return (
    <Section
      title={typeof spec.title === 'function' ? spec.title(report) : spec.title}
      table={table}
      search={search}
      chart={spec.chart && all.length ? spec.chart(all) : null}
    >
      {children}
      <RowsTable spec={spec} rows={rows ?? all} />
    </Section>
  );
}

const totals: Array<[label: string, value: (t: SalesReport['totals']) => string, testId?: string]> = [
  [NET, (t) => formatMoney(t.revenue), 'receita-total'],
  ['Pedidos pagos', (t) => formatInteger(t.orders)],
  ['Ticket médio (líquido)', (t) => formatMoney(t.average_ticket)],
];

/** How the receita líquida is made, under the headline (decision 092). */
function TotalsNote({ totals: t }: { totals: SalesReport['totals'] }) {
  return (
    <p className="text-sm text-slate-600" data-testid="receita-composicao">
      Bruto {formatMoney(t.gross)} − descontos {formatMoney(t.discounts)} − reembolsos{' '}
      {formatMoney(t.refunds)} = receita líquida {formatMoney(t.revenue)}. Pedidos cancelados depois de pagos
      contam pelo valor que ficou com a Urbana.
    </p>
  );
}

interface ReportProps {
  report: SalesReport;
  list: ListParams;
  /** The occupancy shows every tower, not only the busiest. */
  showAll: boolean;
  onShowAll: () => void;
}

/** The occupancy's own range, and the busiest towers or all of them. */
function OccupancyControls({ report, list, showAll, onShowAll }: ReportProps) {
  const range = report.occupancy_range;
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <DateRange
          labels={{ from: 'Ocupação de', to: 'até' }}
          className="w-44"
          value={{ from: list.get('ocupacao_de') || range.from, to: list.get('ocupacao_ate') || range.to }}
          onChange={(changes) => list.set(rangeParams(changes, { from: 'ocupacao_de', to: 'ocupacao_ate' }))}
        />
        <p className="pb-2 text-sm text-slate-600">
          {list.get('ocupacao_de') || list.get('ocupacao_ate')
            ? `De ${formatDate(range.from)} até ${formatDate(range.to)}.`
            : `Próximas ${OCCUPANCY_DEFAULT_WEEKS} semanas: de ${formatDate(range.from)} até ${formatDate(range.to)}.`}
        </p>
      </div>
      {report.ocupacao.length > OCCUPANCY_ROWS ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <p>
            {showAll
              ? `Todas as ${formatInteger(report.ocupacao.length)} torres.`
              : `As ${OCCUPANCY_ROWS} torres mais ocupadas de ${formatInteger(report.ocupacao.length)}; o CSV traz todas.`}
          </p>
          <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={onShowAll}>
            {showAll ? 'Mostrar só as mais ocupadas' : 'Mostrar todas'}
          </button>
        </div>
      ) : null}
    </>
  );
}

function Report({ report, list, showAll, onShowAll }: ReportProps) {
  const section = (table: ReportTable) => (
    <ReportSection report={report} table={table} search={list.search} />
  );
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {totals.map(([label, value, testId]) => (
          <Card key={label} className="p-4">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="text-2xl font-bold" data-testid={testId}>
              {value(report.totals)}
            </p>
          </Card>
        ))}
      </div>
      <TotalsNote totals={report.totals} />
      {section('periodo')}
      {/* Side by side only where each table has its full width: at 1280 px two columns cut the
          revenue column of "Por tipo" and "Por cidade" (issue #40 item 8). */}
      <div className="grid grid-cols-1 gap-5 2xl:grid-cols-2">
        {section('tipos')}
        {section('cidades')}
      </div>
      {section('produtos')}
      {section('clientes')}
      <ReportSection
        report={report}
        table="ocupacao"
        search={list.search}
        rows={occupancyRows(report.ocupacao, showAll)}
      >
        <OccupancyControls report={report} list={list} showAll={showAll} onShowAll={onShowAll} />
      </ReportSection>
    </div>
  );
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
        <DateRange
          className="w-44"
          value={{
            from: list.get('from') || report.data?.range.from || '',
            to: list.get('to') || report.data?.range.to || '',
          }}
          onChange={(range) => list.set(range)}
        />
      </Toolbar>
      <QueryState query={report} loading="Calculando relatórios..." empty="" isEmpty={() => false}>
        {(data) => (
          <Report report={data} list={list} showAll={showAll} onShowAll={() => setShowAll((v) => !v)} />
        )}
      </QueryState>
    </AdminPage>
  );
}
