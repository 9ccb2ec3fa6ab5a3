import { CheckCircle2, ImageUp } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buildPath, formatMoney, LATE_PAYMENT_NOTICE, paths, type OrderStatus } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ProtectedRoute } from '../../../features/auth/index.ts';
import { OrderStatusBadge, PaymentPanel, useOrder } from '../../../features/orders/index.ts';

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

function Confirmation() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // Follows the payment: the page turns to "pago" by itself.
  const order = useOrder(orderId, true);

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

      <PaymentPanel order={o} />

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
