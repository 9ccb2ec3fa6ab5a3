import { ArrowLeft, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  buildPath,
  formatBookingPeriod,
  formatDate,
  formatDateTime,
  formatHoldEnd,
  formatDocument,
  formatPhone,
  insertionOrderStatusLabels,
  invoiceStatusLabels,
  invoiceTitle,
  paths,
  paymentMethodLabels,
  productTypeLabels,
  type ProductType,
  facesLine,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AdStatusBadge, CampaignStatusBadge } from '../../../features/ads/index.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { useAdminOrder, type AdminOrderData } from '../../../features/admin/index.ts';
import { PixRefunds } from '../../../features/admin/components/pix-refunds.tsx';
import { OrderActions } from '../../../features/admin/components/order-actions.tsx';
import { OrderNfse } from '../../../features/admin/components/order-nfse.tsx';
import { OrderStatusBadge } from '../../../features/orders/index.ts';
import { formatMoney } from '@urbana/shared';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { DOT } from '../../../lib/text-separators.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-4">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </Card>
  );
}

const fileLink =
  'inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline';

function Customer({ order }: { order: AdminOrderData }) {
  const { user } = useAuth();
  const b = order.billing;
  return (
    <Section title="Cliente">
      <p className="font-semibold break-words text-slate-900">{b.name}</p>
      <p>
        {b.person_type === 'pj' ? 'CNPJ' : 'CPF'} {formatDocument(b.document)}
      </p>
      <p className="break-all">{order.customer.email}</p>
      <p>
        {formatPhone(b.phone)}
        {DOT}
        {b.city}/{b.state}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {user?.is_admin ? (
          <Link
            className={fileLink}
            to={`${paths.admin.usuarios}?q=${encodeURIComponent(order.customer.email)}`}
          >
            Ver usuário ({order.customer.name || order.customer.email})
          </Link>
        ) : null}
        <Link
          className={fileLink}
          to={`${paths.admin.pedidos}?q=${encodeURIComponent(order.customer.email)}`}
        >
          Pedidos deste cliente
        </Link>
      </p>
    </Section>
  );
}

function Items({ order }: { order: AdminOrderData }) {
  return (
    <Section title="Itens">
      <ul className="divide-y divide-slate-100">
        {order.items.map((item) => (
          <li key={item.id} className="space-y-1 py-2 first:pt-0">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold break-words text-slate-900">{item.name}</p>
              <span className="font-semibold whitespace-nowrap">{formatMoney(item.total)}</span>
            </div>
            <p>
              {productTypeLabels[item.type as ProductType] ?? item.type} · {item.city}/{item.state}
            </p>
            <p>{formatBookingPeriod(item.start, item.weeks)}</p>
            {item.towers.length ? <p>{facesLine(item.type, item.towers)}</p> : null}
            <div className="flex flex-wrap items-center gap-2">
              {item.campaign_status ? <CampaignStatusBadge status={item.campaign_status} /> : null}
              {item.ad ? (
                <span className="inline-flex flex-wrap items-center gap-1">
                  Anúncio “{item.ad.name}” <AdStatusBadge status={item.ad.status} />
                </span>
              ) : (
                <span className="text-slate-600">Sem anúncio</span>
              )}
              {['pago', 'em_veiculacao', 'concluido'].includes(order.status) ? (
                <Link className={fileLink} to={buildPath(paths.admin.campanha, { id: item.id })}>
                  Campanha
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Money({ order }: { order: AdminOrderData }) {
  const line = (label: string, value: string, strong = false) => (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : ''}>{value}</dd>
    </div>
  );
  return (
    <Section title="Valores e pagamento">
      <dl className="space-y-1">
        {line('Subtotal', formatMoney(order.subtotal))}
        {order.discount ? line('Desconto de longa duração', `−${formatMoney(order.discount)}`) : null}
        {order.coupon_discount
          ? line(`Cupom ${order.coupon_code ?? ''}`.trim(), `−${formatMoney(order.coupon_discount)}`)
          : null}
        {line('Total', formatMoney(order.total), true)}
        {order.refund_amount !== null ? line('Reembolso', formatMoney(order.refund_amount), true) : null}
        {line('Forma de pagamento', paymentMethodLabels[order.payment_method])}
        {/* Both dates of an unpaid order: the hold is read as its last minute (issue #40 item 1). */}
        {order.status === 'aguardando_pagamento'
          ? line('Reserva até', formatHoldEnd(order.expires_at))
          : null}
        {order.status === 'aguardando_pagamento' && order.invoice
          ? line('Vencimento da fatura', formatDate(order.invoice.due_date))
          : null}
        {order.paid_at ? line('Pago em', formatDateTime(order.paid_at)) : null}
      </dl>
      {order.pix ? (
        <div className="mt-3 space-y-1">
          <p className="break-all">
            Pix (txid): <code>{order.pix.txid}</code>
          </p>
          {order.pix.retired.length ? (
            <p className="break-all text-slate-600">
              Substituídos (recusados): {order.pix.retired.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-3 font-semibold text-slate-900">Eventos do provedor de pagamento</h3>
      {order.payments.length === 0 ? (
        <p className="text-slate-600">Nenhum evento recebido.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {order.payments.map((p) => (
            <li key={p.id} className="break-all">
              {formatDateTime(p.received_at)} · {p.type}
              {p.amount !== null ? ` · ${formatMoney(p.amount)}` : ''} · {p.provider_event_id}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Documents({ order }: { order: AdminOrderData }) {
  const params = { id: order.id };
  const { orders, insertionOrders } = adminEndpoints;
  return (
    <Section title="Fatura">
      {order.invoice ? (
        <div className="space-y-1">
          <p>
            {invoiceTitle(order.invoice.number, order.code)}
            {DOT}
            {invoiceStatusLabels[order.invoice.status]}
            {DOT}
            {formatMoney(order.invoice.total)}
          </p>
          <a
            className={fileLink}
            href={hrefOf(orders.invoicePdf, { params })}
            target="_blank"
            rel="noreferrer"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> Fatura em PDF
          </a>
        </div>
      ) : (
        <p>Sem fatura.</p>
      )}
      {order.cancel_reason ? <p className="mt-3">Motivo do cancelamento: {order.cancel_reason}</p> : null}
      {order.refund_amount !== null ? (
        <p className="mt-1">
          Reembolso: {formatMoney(order.refund_amount)} ·{' '}
          {order.refund_reason ? `fora da política: ${order.refund_reason}` : 'pela política de cancelamento'}
        </p>
      ) : null}
      <PixRefunds refunds={order.pix_refunds} />
      {order.credit_note ? (
        <div className="mt-3 space-y-1">
          <p>
            Nota de crédito {order.credit_note.number} · {formatMoney(order.credit_note.amount)}
          </p>
          <a
            className={fileLink}
            href={hrefOf(orders.creditNotePdf, { params })}
            target="_blank"
            rel="noreferrer"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> Nota de crédito em PDF
          </a>
        </div>
      ) : null}
      {order.insertion_order ? (
        // An agency's order: its PI, which the agency approves before any campaign starts (issue #44).
        <div className="mt-3 space-y-1" data-testid="pi">
          <p>
            Pedido de inserção {order.insertion_order.number}
            {DOT}
            {insertionOrderStatusLabels[order.insertion_order.status]}
            {order.insertion_order.approved_at
              ? ` em ${formatDateTime(order.insertion_order.approved_at)} por ${order.insertion_order.approved_by_name ?? '—'}`
              : ''}
          </p>
          <a
            className={fileLink}
            href={hrefOf(insertionOrders.pdf, { params })}
            target="_blank"
            rel="noreferrer"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> PI em PDF
          </a>
        </div>
      ) : null}
    </Section>
  );
}

function History({ order }: { order: AdminOrderData }) {
  return (
    <Section title="Histórico">
      <ol className="space-y-2">
        {order.history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="border-l-2 border-slate-200 pl-3">
            <p className="font-medium text-slate-900">{h.text}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(h.at)} · {h.actor}
            </p>
            {h.note ? <p className="break-words">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** /admin/pedidos/{id}: one order with everything staff need, and the actions its state allows. */
export function Component() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  if (order.isPending) return <Spinner label="Carregando o pedido..." className="py-16" />;
  if (order.isError) return <Alert>{order.error.message}</Alert>;
  const o = order.data;
  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <Link to={paths.admin.pedidos} className={fileLink}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Pedidos
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Pedido <span className="whitespace-nowrap">{o.code}</span>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Feito em {formatDateTime(o.created_at)}
            {DOT}
            {paymentMethodLabels[o.payment_method]}
            {DOT}
            {formatMoney(o.total)}
          </p>
        </div>
        <OrderStatusBadge status={o.status} />
      </div>
      <OrderActions order={o} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-5">
          <Items order={o} />
          <History order={o} />
        </div>
        <div className="min-w-0 space-y-5">
          <Customer order={o} />
          <Money order={o} />
          <Documents order={o} />
          <OrderNfse orderId={o.id} nfse={o.nfse} />
        </div>
      </div>
    </div>
  );
}
