import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  buildPath,
  formatBookingPeriod,
  LATE_PAYMENT_NOTICE,
  invoiceStatusLabels,
  invoiceTitle,
  orderStatusLabels,
  paths,
  paymentMethodLabels,
  type InvoiceStatus,
  type OrderDetail,
  formatDate,
  formatInteger,
  formatMoney,
  formatDateTime,
  facesLine,
  orderDiscountLabels,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ItemCampaign } from '../../../features/ads/index.ts';
import { ProtectedRoute } from '../../../features/auth/index.ts';
import { InvoicePdfButton, NfseLinks } from '../../../features/billing/index.ts';
import { HelpLink, knowledgeArticles } from '../../../features/knowledge/index.ts';
import {
  AudienceSummary,
  InvoicedTerms,
  LineCpm,
  OrderStatusBadge,
  PixWindow,
  RefundCard,
  InsertionOrderCard,
  useCancelOrder,
  useOrder,
} from '../../../features/orders/index.ts';
import { toast } from '../../../lib/toast.ts';
import { DOT } from '../../../lib/text-separators.ts';

const actorLabels: Record<string, string> = {
  cliente: 'você',
  equipe: 'equipe Urbana',
  sistema: 'sistema',
  provedor: 'provedor de pagamento',
};

/** The order's fatura (commercial) and NFS-e (fiscal, issue #42), with their downloads. */
function OrderDocuments({ order: o }: { order: OrderDetail }) {
  return (
    <>
      {o.invoice ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">
            {invoiceTitle(o.invoice.number, o.code)} ·{' '}
            {invoiceStatusLabels[o.invoice.status as InvoiceStatus] ?? o.invoice.status} · vencimento{' '}
            {formatDate(o.invoice.due_date)}
          </p>
          <InvoicePdfButton invoice={{ ...o.invoice, order_code: o.code }} label="PDF da fatura" />
        </div>
      ) : null}
      {o.nfse ? (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <NfseLinks orderId={o.id} nfse={o.nfse} />
        </div>
      ) : null}
    </>
  );
}

function Detail() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const cancel = useCancelOrder(orderId);
  const [confirming, setConfirming] = useState(false);
  if (order.isPending) return <Spinner label="Carregando o pedido..." className="min-h-[40vh]" />;
  if (order.isError) return <Alert>{order.error.message}</Alert>;
  const o = order.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <OrderTitle order={o} />
        <OrderStatusBadge status={o.status} />
      </div>
      {o.status === 'pago_apos_expirar' ? <Alert tone="info">{LATE_PAYMENT_NOTICE}</Alert> : null}
      <InvoicedTerms order={o} />
      {o.status === 'concluido' ? (
        <Button asChild variant="secondary">
          <Link to={buildPath(paths.usuario.relatorioCampanha, { orderId: o.id })}>
            Ver relatório da campanha
          </Link>
        </Button>
      ) : null}
      <PayWithPix order={o} />
      {/* Each column as tall as its own content: a card of one item is not stretched to the side column. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_320px] lg:items-start">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Itens</h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {o.items.map((item) => (
              <li key={item.id} className="py-3">
                <div className="flex flex-wrap justify-between gap-2">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  <p className="font-semibold">{formatMoney(item.total)}</p>
                </div>
                <p className="text-sm text-slate-600">
                  {item.city} – {item.state} · Veiculação {formatBookingPeriod(item.start, item.weeks)}
                </p>
                <p className="text-sm text-slate-600" data-testid="audiencia-periodo">
                  Audiência no período: {formatInteger(item.audience)} impactos
                </p>
                <LineCpm cpm={item.cpm} />
                {item.towers.length > 1 ? (
                  <p className="text-sm text-slate-600">{facesLine(item.type, item.towers)}</p>
                ) : null}
                {/* The API sends a campaign only for a paid order's item (or a run that took place). */}
                {item.campaign ? (
                  <ItemCampaign itemId={item.id} booked={item} campaign={item.campaign} />
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
        <div className="space-y-6">
          <RefundCard order={o} />
          {/* An agency's order: its PI, approved by the agency before the campaign starts (issue #44). */}
          {o.advertiser ? <InsertionOrderCard orderId={o.id} /> : null}
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Valores</h2>
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd>{formatMoney(o.subtotal)}</dd>
              </div>
              {o.discount ? (
                <div className="flex justify-between">
                  <dt className="text-slate-600">{orderDiscountLabels[o.discount_reason]}</dt>
                  <dd>−{formatMoney(o.discount)}</dd>
                </div>
              ) : null}
              {o.coupon_discount ? (
                <div className="flex justify-between">
                  <dt className="text-slate-600">Cupom {o.coupon_code}</dt>
                  <dd>−{formatMoney(o.coupon_discount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-slate-200 pt-2 font-bold">
                <dt>Total</dt>
                <dd>{formatMoney(o.total)}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <AudienceSummary items={o.items} paid={o.total} />
            </div>
            <OrderDocuments order={o} />
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Histórico</h2>
            <ol className="mt-2 space-y-2 text-sm">
              {o.history.map((h, i) => (
                <li key={i}>
                  <span className="font-medium text-slate-900">{orderStatusLabels[h.to]}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {formatDateTime(h.at)} · {actorLabels[h.actor] ?? h.actor}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
          {o.status === 'aguardando_pagamento' ? (
            <Card>
              <h2 className="text-lg font-semibold text-slate-900">Desistiu do pedido?</h2>
              <p className="mt-2 text-sm text-slate-600">
                Enquanto o pagamento não é feito, você pode cancelar sem custo. As datas voltam a ficar livres
                para outros anunciantes.
              </p>
              {/* A confirmation, never one click beside "Pagar com Pix" (issue #16 item 6). */}
              <Dialog open={confirming} onOpenChange={setConfirming}>
                <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
                  Cancelar pedido
                </Button>
                <DialogContent
                  title="Cancelar o pedido e liberar as datas?"
                  description={`O pedido ${o.code} será cancelado e as datas reservadas ficam livres para outros anunciantes. Não é possível desfazer.`}
                >
                  <div className="flex flex-wrap justify-end gap-3">
                    <DialogClose asChild>
                      <Button variant="secondary">Voltar</Button>
                    </DialogClose>
                    <Button
                      variant="danger"
                      disabled={cancel.isPending}
                      onClick={() =>
                        cancel.mutate(undefined, {
                          onSuccess: () => {
                            setConfirming(false);
                            toast.success('Pedido cancelado', 'As datas reservadas foram liberadas.');
                          },
                          onError: (e) => toast.error('Não foi possível cancelar', e.message),
                        })
                      }
                    >
                      {cancel.isPending ? 'Cancelando...' : 'Sim, cancelar o pedido'}
                    </Button>
                  </div>
                </DialogContent>
              </Dialog>
            </Card>
          ) : null}
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Dúvidas sobre o pedido</h2>
            <ul className="mt-2 space-y-2">
              {o.status === 'aguardando_pagamento' ? (
                <li>
                  <HelpLink
                    article={
                      o.payment_method === 'pix'
                        ? knowledgeArticles.pagamentoPix
                        : knowledgeArticles.pagamentoFaturado
                    }
                  >
                    {o.payment_method === 'pix'
                      ? 'Prazo e confirmação do pagamento por Pix'
                      : 'Prazos do boleto ou transferência faturada'}
                  </HelpLink>
                </li>
              ) : null}
              {o.status === 'pago' || o.status === 'em_veiculacao' ? (
                <li>
                  <HelpLink article={knowledgeArticles.envioCriativos}>
                    Como e até quando enviar os criativos
                  </HelpLink>
                </li>
              ) : null}
              {o.status === 'pago' || o.status === 'em_veiculacao' || o.status === 'concluido' ? (
                <li>
                  <HelpLink article={knowledgeArticles.comprovacaoVeiculacao}>
                    Fotos de comprovação da veiculação
                  </HelpLink>
                </li>
              ) : null}
              <li>
                <HelpLink article={knowledgeArticles.faturas}>Status e PDF da fatura</HelpLink>
              </li>
              <li>
                <HelpLink article={knowledgeArticles.cancelamentos}>Quando é possível cancelar</HelpLink>
              </li>
            </ul>
          </Card>
        </div>
      </div>
      <Link to={paths.usuario.meusPedidos} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Meus pedidos
      </Link>
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <Detail />
    </ProtectedRoute>
  );
}

/** "Pedido URB-…" (the code never split at its hyphen), when and how it was paid. */
function OrderTitle({
  order: o,
}: {
  order: Pick<OrderDetail, 'code' | 'created_at' | 'payment_method' | 'advertiser'>;
}) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Pedido <span className="whitespace-nowrap">{o.code}</span>
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Feito em {formatDate(o.created_at)}
        {DOT}
        {paymentMethodLabels[o.payment_method]}
        {/* An agency's order is its advertiser's (issue #44). */}
        {o.advertiser ? `${DOT}Anunciante ${o.advertiser.name}` : null}
      </p>
    </div>
  );
}

/**
 * An unpaid order with a Pix code (a Pix order, or an invoiced one whose charge is at the PSP): when
 * its window ends, and the way to pay.
 */
function PayWithPix({ order: o }: { order: OrderDetail }) {
  if (o.status !== 'aguardando_pagamento' || (o.payment_method !== 'pix' && !o.pix_payload)) return null;
  return (
    <div className="space-y-2">
      <PixWindow order={o} />
      <Button asChild>
        <Link to={`${paths.confirmacaoPedido}?orderId=${o.id}`}>Pagar com Pix</Link>
      </Button>
    </div>
  );
}
