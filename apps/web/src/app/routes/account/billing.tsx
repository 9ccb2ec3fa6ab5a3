import { Copy, FileText, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  agencyFigureLabels,
  buildPath,
  formatDocument,
  storedFigures,
  invoiceStatuses,
  invoiceStatusLabels,
  invoiceTitle,
  paths,
  type InvoiceStatus,
  formatDate,
  formatMoney,
  type Invoice,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { FilterChip } from '../../../components/ui/filter-chip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyBoxClass, SelectField, TextareaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  InvoicePdfButton,
  InvoiceStatusBadge,
  NfseLinks,
  useInvoices,
  useInvoiceSummary,
} from '../../../features/billing/index.ts';
import { useBillingProfile, usePix } from '../../../features/orders/index.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';

function PixPanel({ orderId }: { orderId: string }) {
  const pix = usePix(orderId, true);
  if (pix.isPending) return <Spinner label="Gerando o código Pix..." />;
  if (pix.isError) return <Alert>{pix.error.message}</Alert>;
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <img
        src={pix.data.qr}
        alt="QR Code do Pix"
        width={160}
        height={160}
        className="rounded-lg ring-1 ring-slate-200"
      />
      <div className="w-full space-y-2">
        <TextareaField
          id={`pix-${orderId}`}
          label="Pix copia e cola"
          controlClassName={copyBoxClass}
          readOnly
          value={pix.data.payload}
          rows={3}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            await navigator.clipboard.writeText(pix.data.payload).catch(() => {});
            toast.success('Código copiado', 'Cole no app do seu banco para pagar.');
          }}
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copiar código Pix
        </Button>
        <p className="text-xs text-slate-600">Válido até {formatDate(pix.data.expires_at)}.</p>
      </div>
    </div>
  );
}

/** The three figures of an agency's invoice (decision 098): gross, desconto-padrão, net. */
function AgencyFigures({ invoice }: { invoice: Invoice }) {
  if (invoice.agency_commission === 0) return null;
  return (
    <dl className="text-sm text-slate-700" data-testid="fatura-comissao">
      {(
        [
          [agencyFigureLabels.gross, storedFigures(invoice).gross],
          [agencyFigureLabels.commission, -invoice.agency_commission],
          [agencyFigureLabels.net, invoice.total],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt>{label}:</dt>
          <dd>{value < 0 ? `−${formatMoney(-value)}` : formatMoney(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const [pixOpen, setPixOpen] = useState(false);
  const payableByPix =
    invoice.status === 'pendente' &&
    invoice.payment_method === 'pix' &&
    invoice.order_status === 'aguardando_pagamento';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-0.5">
          <p className="font-semibold text-slate-900">
            {invoiceTitle(invoice.number, invoice.order_code)} <InvoiceStatusBadge status={invoice.status} />
          </p>
          <p className="text-sm text-slate-600">
            Pedido{' '}
            <Link
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
              to={buildPath(paths.pedido, { orderId: invoice.order_id })}
            >
              {invoice.order_code}
            </Link>{' '}
            · Vencimento {formatDate(invoice.due_date)}
            {invoice.paid_at ? ` · Paga em ${formatDate(invoice.paid_at)}` : ''}
          </p>
          {invoice.advertiser ? (
            <p className="text-sm text-slate-700" data-testid="fatura-anunciante">
              Anunciante {invoice.advertiser.name} · CNPJ {formatDocument(invoice.advertiser.document)}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            {invoice.payment_method === 'pix' ? 'Pix' : 'Boleto/transferência faturada'}
            {invoice.discount > 0
              ? ` · Valor ${formatMoney(invoice.amount)} − descontos ${formatMoney(invoice.discount)}`
              : ''}
          </p>
          <AgencyFigures invoice={invoice} />
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <span className="text-lg font-bold text-slate-900">{formatMoney(invoice.total)}</span>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {payableByPix ? (
              <Button
                size="sm"
                aria-expanded={pixOpen}
                aria-controls={`pix-painel-${invoice.id}`}
                onClick={() => setPixOpen((o) => !o)}
              >
                <QrCode className="h-4 w-4" aria-hidden="true" />
                {pixOpen ? 'Fechar Pix' : 'Pagar com Pix'}
              </Button>
            ) : null}
            <InvoicePdfButton invoice={invoice} />
          </div>
        </div>
      </div>
      {invoice.nfse ? (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <NfseLinks orderId={invoice.order_id} nfse={invoice.nfse} />
        </div>
      ) : null}
      {pixOpen ? (
        <div id={`pix-painel-${invoice.id}`} className="mt-4 border-t border-slate-200 pt-4">
          <PixPanel orderId={invoice.order_id} />
        </div>
      ) : null}
    </li>
  );
}

function SummaryCard({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: string;
  detail?: string;
  tone?: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold text-slate-900', tone)}>{value}</p>
      {detail ? <p className="text-xs text-slate-600">{detail}</p> : null}
    </Card>
  );
}

function BillingProfileCard() {
  const profile = useBillingProfile();
  return (
    <Card className="space-y-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Dados de faturamento</h2>
        <Button asChild variant="link" size="sm">
          <Link to={paths.usuario.completarPerfil}>Editar</Link>
        </Button>
      </div>
      {profile.isPending ? (
        <Spinner label="Carregando..." />
      ) : profile.isError ? (
        <Alert>{profile.error.message}</Alert>
      ) : !profile.data ? (
        <p className="text-sm text-slate-600">
          Você ainda não tem cadastro de faturamento.{' '}
          <Link to={paths.usuario.completarPerfil} className="font-medium text-brand-800 underline">
            Completar agora
          </Link>
        </p>
      ) : (
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="sr-only">Nome</dt>
            <dd className="font-medium text-slate-900">{profile.data.name}</dd>
          </div>
          <div>
            <dt className="inline">{profile.data.person_type === 'pj' ? 'CNPJ' : 'CPF'}: </dt>
            <dd className="inline">{formatDocument(profile.data.document)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="sr-only">Endereço</dt>
            <dd>
              {profile.data.street}, {profile.data.number}
              {profile.data.complement ? `, ${profile.data.complement}` : ''} — {profile.data.district},{' '}
              {profile.data.city} – {profile.data.state}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const status = (invoiceStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as InvoiceStatus)
    : null;
  const yearParam = Number(params.get('ano'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : null;
  const summary = useInvoiceSummary();
  const invoices = useInvoices({ status, year });

  const setFilter = (next: { status?: InvoiceStatus | null; year?: number | null }) => {
    const s = next.status === undefined ? status : next.status;
    const y = next.year === undefined ? year : next.year;
    setParams({ ...(s ? { status: s } : {}), ...(y ? { ano: String(y) } : {}) });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Faturamento</h1>
      {summary.isPending ? (
        <Spinner label="Carregando resumo..." />
      ) : summary.isError ? (
        <Alert>{summary.error.message}</Alert>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <SummaryCard
            label={`Pago em ${summary.data.year}`}
            value={formatMoney(summary.data.paid_this_year)}
          />
          <SummaryCard
            label="Em aberto"
            value={formatMoney(summary.data.pending)}
            detail={`${summary.data.pending_count} ${summary.data.pending_count === 1 ? 'fatura pendente' : 'faturas pendentes'}`}
          />
          <SummaryCard
            label="Vencido"
            value={formatMoney(summary.data.overdue)}
            detail={`${summary.data.overdue_count} ${summary.data.overdue_count === 1 ? 'fatura vencida' : 'faturas vencidas'}`}
            tone={summary.data.overdue > 0 ? 'text-red-700' : undefined}
          />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por status">
          {[null, ...invoiceStatuses].map((s) => (
            <FilterChip key={s ?? 'todas'} pressed={status === s} onClick={() => setFilter({ status: s })}>
              {s ? invoiceStatusLabels[s] : 'Todas'}
            </FilterChip>
          ))}
        </div>
        <SelectField
          id="fatura-ano"
          label="Ano"
          layout="inline"
          controlClassName="h-9 w-32"
          value={year ?? ''}
          onChange={(e) => setFilter({ year: e.target.value ? Number(e.target.value) : null })}
          options={[
            ['', 'Todos'],
            ...(summary.data?.years ?? []).map((y) => [String(y), String(y)] as const),
          ]}
        />
      </div>

      {invoices.isPending ? (
        <Spinner label="Carregando faturas..." />
      ) : invoices.isError ? (
        <Alert>{invoices.error.message}</Alert>
      ) : invoices.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <FileText className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">
            {status || year ? 'Nenhuma fatura com estes filtros' : 'Você ainda não tem faturas'}
          </p>
          <p className="mt-1 text-sm text-slate-600">Cada pedido gera uma fatura, que aparece aqui.</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Faturas">
          {invoices.data.map((i) => (
            <InvoiceRow key={i.id} invoice={i} />
          ))}
        </ul>
      )}

      <BillingProfileCard />
    </div>
  );
}
