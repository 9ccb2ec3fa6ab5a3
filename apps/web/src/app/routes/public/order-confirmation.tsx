import { CheckCircle2, Copy, ImageUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  buildPath,
  formatDate,
  formatMoney,
  LATE_PAYMENT_NOTICE,
  paths,
  type OrderStatus,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyBoxClass, TextareaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ProtectedRoute } from '../../../features/auth/index.ts';
import {
  InvoicedTerms,
  OrderStatusBadge,
  PixWindow,
  timeLeftText,
  useOrder,
  usePix,
} from '../../../features/orders/index.ts';
import { toast } from '../../../lib/toast.ts';

function useCountdown(until: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!until) return null;
  return timeLeftText(Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000)));
}

/**
 * The page's title by the order's state: an expired or cancelled order was still titled "Pedido
 * recebido" (issue #40 item 9).
 */
const confirmationTitles: Record<OrderStatus, string> = {
  aguardando_pagamento: 'Pedido recebido',
  pago: 'Pagamento confirmado!',
  em_veiculacao: 'Pagamento confirmado!',
  concluido: 'Pagamento confirmado!',
  cancelado: 'Pedido cancelado',
  expirado: 'Prazo de pagamento encerrado',
  pago_apos_expirar: 'Pagamento recebido após o prazo',
};

/** The code of an order to pay by Pix: its QR and its copy-and-paste, with the button that copies it. */
function PixCode({ payload, qr }: { payload: string; qr: string }) {
  return (
    // A phone cannot scan its own screen: there the code to copy comes first, the QR after;
    // a computer shows the QR first, for the phone in the person's hand (issue #16, Phone).
    <div className="flex flex-col gap-4">
      <img
        src={qr}
        alt="QR Code do Pix"
        width={240}
        height={240}
        className="order-2 mx-auto rounded-lg ring-1 ring-slate-200 md:order-1"
      />
      <div className="order-1 flex flex-col items-center gap-3 md:order-2">
        <TextareaField
          id="pix-copia-cola"
          label="Pix copia e cola"
          hideLabel
          className="w-full"
          controlClassName={copyBoxClass}
          readOnly
          value={payload}
          rows={3}
        />
        <Button
          className="w-full md:w-auto"
          onClick={async () => {
            await navigator.clipboard.writeText(payload).catch(() => {});
            toast.success('Código copiado', 'Cole no app do seu banco para pagar.');
          }}
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copiar código Pix
        </Button>
      </div>
    </div>
  );
}

function Confirmation() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // Follows the payment: the page turns to "pago" by itself.
  const order = useOrder(orderId, true);
  // An invoiced order is paid by Pix too when its charge is at the PSP: its answer carries the code.
  const waitingPix =
    order.data?.status === 'aguardando_pagamento' &&
    (order.data.payment_method === 'pix' || Boolean(order.data.pix_payload));
  const pix = usePix(orderId, waitingPix, order.data?.pix_payload);
  const countdown = useCountdown(order.data?.expires_at);

  if (!orderId) return <Alert>Pedido não informado.</Alert>;
  if (order.isPending) return <Spinner label="Carregando o pedido..." className="min-h-[40vh]" />;
  if (order.isError) return <Alert>{order.error.message}</Alert>;
  const o = order.data;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{confirmationTitles[o.status]}</h1>
        <OrderLine code={o.code} total={o.total} status={o.status} />
      </div>

      {o.status === 'pago' ? (
        <Card className="space-y-3 text-center" role="status">
          <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden="true" />
          <p className="text-slate-700">
            Recebemos seu pagamento. Agora envie os criativos para a análise da equipe.
          </p>
          {o.items[0] ? (
            <Button asChild size="lg">
              <Link to={`${paths.usuario.criarAnuncio}?item=${o.items[0].id}`}>
                <ImageUp className="h-5 w-5" aria-hidden="true" />
                Enviar a arte
              </Link>
            </Button>
          ) : null}
        </Card>
      ) : null}

      {waitingPix ? (
        <Card className="space-y-4 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Pague com Pix</h2>
          <p className="text-sm text-slate-600">
            {/* A phone cannot scan its own screen: there the code to copy comes first (issue #16, Phone). */}
            <span className="md:hidden">Copie o código Pix e cole no app do seu banco.</span>
            <span className="hidden md:inline">
              Escaneie o QR Code no app do seu banco ou use o Pix copia e cola.
            </span>{' '}
            {o.payment_method === 'faturado' && o.invoice ? (
              <>O código vale até o vencimento da fatura, {formatDate(o.invoice.due_date)}.</>
            ) : (
              <>
                O código vale por mais <strong aria-live="off">{countdown}</strong>.
              </>
            )}
          </p>
          <PixWindow order={o} />
          {pix.data ? (
            <PixCode payload={pix.data.payload} qr={pix.data.qr} />
          ) : (
            <Spinner label="Gerando o código Pix..." />
          )}
          <p className="text-xs text-slate-500" aria-live="polite">
            Esta página se atualiza sozinha quando o pagamento for confirmado.
          </p>
        </Card>
      ) : null}

      <InvoicedTerms order={o} />
      {o.status === 'aguardando_pagamento' && o.payment_method === 'faturado' ? (
        <Alert tone="info">
          Enviaremos o boleto ou os dados para transferência por email. A equipe confirma o pagamento assim
          que recebê-lo.
        </Alert>
      ) : null}
      {o.status === 'expirado' ? (
        <Alert>O prazo de pagamento terminou e as vagas foram liberadas.</Alert>
      ) : null}
      {o.status === 'pago_apos_expirar' ? <Alert tone="info">{LATE_PAYMENT_NOTICE}</Alert> : null}

      <div className="flex justify-center gap-3">
        <Button asChild variant="secondary">
          <Link to={buildPath(paths.pedido, { orderId: o.id })}>Ver detalhes do pedido</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.usuario.meusPedidos}>Meus pedidos</Link>
        </Button>
      </div>
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <Confirmation />
    </ProtectedRoute>
  );
}

/** "Pedido URB-… · R$ … · [status]": the separator goes with the badge, so no line ends with a lone "·". */
function OrderLine({ code, total, status }: { code: string; total: number; status: OrderStatus }) {
  return (
    <p className="mt-2 text-slate-600">
      Pedido <strong className="whitespace-nowrap">{code}</strong> · {formatMoney(total)}{' '}
      <span data-testid="confirmacao-status" className="whitespace-nowrap">
        · <OrderStatusBadge status={status} />
      </span>
    </p>
  );
}
