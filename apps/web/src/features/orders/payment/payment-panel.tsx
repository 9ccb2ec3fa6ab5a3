/**
 * How an order awaiting payment is paid, one panel per method (issue #41, decision 112): the page asks
 * `PaymentPanel` and the method's panel says the rest. A new method is one panel and one row of
 * `panels`.
 */
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate, type OrderDetail, type PaymentMethod } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyBoxClass, TextareaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePix } from '../api.ts';
import { InvoicedTerms, PixWindow } from '../invoiced-terms.tsx';
import { timeLeftText } from '../time-left.ts';

function useCountdown(until: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!until) return null;
  return timeLeftText(Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000)));
}

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

/** The code to pay with, generated on demand, and what the page does once it is paid. */
function PixBlock({ order: o, validity }: { order: OrderDetail; validity: React.ReactNode }) {
  const pix = usePix(o.id, true, o.pix_payload);
  return (
    <Card className="space-y-4 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Pague com Pix</h2>
      <p className="text-sm text-slate-600">
        {/* A phone cannot scan its own screen: there the code to copy comes first (issue #16, Phone). */}
        <span className="md:hidden">Copie o código Pix e cole no app do seu banco.</span>
        <span className="hidden md:inline">
          Escaneie o QR Code no app do seu banco ou use o Pix copia e cola.
        </span>{' '}
        {validity}
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
  );
}

/** Pix: the code of the payment window, counting down. */
function PixPanel({ order }: { order: OrderDetail }) {
  const countdown = useCountdown(order.expires_at);
  return (
    <PixBlock
      order={order}
      validity={
        <>
          O código vale por mais <strong aria-live="off">{countdown}</strong>.
        </>
      }
    />
  );
}

/**
 * Invoiced: the invoice's due date and the hold; the charge with that due date at the PSP when there is
 * one (paid and confirmed like any Pix), otherwise the boleto or transfer staff confirm.
 */
function InvoicedPanel({ order }: { order: OrderDetail }) {
  return (
    <>
      {order.pix_payload && order.invoice ? (
        <PixBlock
          order={order}
          validity={<>O código vale até o vencimento da fatura, {formatDate(order.invoice.due_date)}.</>}
        />
      ) : null}
      <InvoicedTerms order={order} />
      {order.pix_payload ? null : (
        <Alert tone="info">
          Enviaremos o boleto ou os dados para transferência por email. A equipe confirma o pagamento assim
          que recebê-lo.
        </Alert>
      )}
    </>
  );
}

const panels: Record<PaymentMethod, (props: { order: OrderDetail }) => React.ReactNode> = {
  pix: PixPanel,
  faturado: InvoicedPanel,
};

/** How the order is paid, while it awaits payment; nothing after. */
export function PaymentPanel({ order }: { order: OrderDetail }) {
  if (order.status !== 'aguardando_pagamento') return null;
  const Panel = panels[order.payment_method];
  return <Panel order={order} />;
}
