import { QrCode, Receipt } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import {
  CANCELLATION_POLICY,
  COUPON_CODE_MAX_LENGTH,
  formatBookingPeriod,
  paths,
  paymentMethodLabels,
  type PaymentMethod,
  formatInteger,
  formatMoney,
  paymentMethodRules,
  paymentMethods,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { CartAdvertiserPicker, useCartAdvertiser, useIsAgency } from '../../../features/agencies/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ProtectedRoute } from '../../../features/auth/index.ts';
import { useCart } from '../../../features/cart/index.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { HelpLink, knowledgeArticles } from '../../../features/knowledge/index.ts';
import {
  AudienceSummary,
  cartToRequest,
  LineCpm,
  useBillingProfile,
  usePlaceOrder,
  useQuote,
} from '../../../features/orders/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

/** The applied coupon, kept across reloads of the checkout (issue #16 item 7); the server re-checks it. */
const COUPON_STORAGE = 'urbana-checkout-coupon';

/** One key per checkout attempt, kept across reloads, so a repeated submit returns the same order. */
const KEY_STORAGE = 'urbana-checkout-key';
function checkoutKey(): string {
  let value = sessionStorage.getItem(KEY_STORAGE);
  if (!value) {
    value = crypto.randomUUID();
    sessionStorage.setItem(KEY_STORAGE, value);
  }
  return value;
}

/** What "Aplicar" says by itself, before the server's answer: an empty field is never a silent click. */
const couponNotes = {
  empty: 'Informe o código do cupom.',
  removed: 'Cupom removido.',
} as const;

function CouponCard(props: {
  coupon: string | null;
  setCoupon: (code: string | null) => void;
  applied: { code: string; discount: number } | null | undefined;
  refusal: string | null | undefined;
}) {
  const { coupon, setCoupon, applied, refusal } = props;
  const [text, setText] = useState(coupon ?? '');
  const [note, setNote] = useState<keyof typeof couponNotes | null>(null);
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Cupom</h2>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const code = text.trim().toUpperCase();
          // An emptied field takes the applied coupon away; an empty one with none applied asks for a code.
          setNote(code ? null : coupon ? 'removed' : 'empty');
          setCoupon(code || null);
        }}
      >
        <label htmlFor="cupom" className="sr-only">
          Código do cupom
        </label>
        <input
          id="cupom"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setNote(null);
          }}
          placeholder="Código do cupom"
          maxLength={COUPON_CODE_MAX_LENGTH}
          className={inputClass}
          aria-invalid={note === 'empty' || undefined}
          aria-describedby="cupom-resultado"
        />
        <Button type="submit" variant="secondary">
          Aplicar
        </Button>
      </form>
      <div id="cupom-resultado" aria-live="polite">
        {note ? (
          <p className={cn('text-sm font-medium', note === 'empty' ? 'text-red-700' : 'text-slate-700')}>
            {couponNotes[note]}
          </p>
        ) : null}
        {coupon && applied ? (
          <p className="text-sm font-medium text-emerald-700">
            Cupom {applied.code} aplicado: −{formatMoney(applied.discount)}
          </p>
        ) : null}
        {coupon && refusal ? <p className="text-sm font-medium text-red-700">{refusal}</p> : null}
      </div>
    </Card>
  );
}

function Checkout() {
  const cart = useCart();
  const config = useAppConfig();
  const billing = useBillingProfile();
  const [coupon, setCouponState] = useState<string | null>(() => sessionStorage.getItem(COUPON_STORAGE));
  const setCoupon = (code: string | null) => {
    if (code) sessionStorage.setItem(COUPON_STORAGE, code);
    else sessionStorage.removeItem(COUPON_STORAGE);
    setCouponState(code);
  };
  const [method, setMethod] = useState<PaymentMethod>('pix');
  // An agency's order is for its cart's advertiser, which the picker below changes (decision 116).
  const isAgency = useIsAgency();
  const advertiser = useCartAdvertiser(isAgency).data?.advertiser?.id ?? '';
  const placing = usePlaceOrder();
  const [placedId, setPlacedId] = useState<string | null>(null);
  const earliest = config.data?.earliest_start ?? '';
  const items = useMemo(() => (earliest ? cartToRequest(cart.items, earliest) : []), [cart.items, earliest]);
  const quote = useQuote({ items, coupon_code: coupon });

  useEffect(() => {
    // A new visit to the checkout with a different cart is a new attempt.
    sessionStorage.removeItem(KEY_STORAGE);
  }, [items]);

  if (placedId) return <Navigate to={`${paths.confirmacaoPedido}?orderId=${placedId}`} replace />;
  // The cart of a returning user is still coming from the cloud: wait before judging it empty.
  if (billing.isPending || config.isPending || cart.syncing)
    return <Spinner label="Preparando o checkout..." className="min-h-[40vh]" />;
  if (billing.data === null)
    return (
      <Navigate
        to={`${paths.usuario.completarPerfil}?voltar=${encodeURIComponent(paths.checkout)}`}
        replace
      />
    );
  if (items.length === 0) return <Navigate to={paths.carrinho} replace />;

  const isCompany = billing.data?.person_type === 'pj' || !!advertiser;
  const submit = () =>
    placing.mutate(
      {
        body: {
          items,
          coupon_code: quote.data?.coupon ? coupon : null,
          payment_method: method,
          advertiser_id: advertiser || null,
        },
        idempotencyKey: checkoutKey(),
      },
      {
        onSuccess: (order) => {
          sessionStorage.removeItem(KEY_STORAGE);
          sessionStorage.removeItem(COUPON_STORAGE);
          // The server emptied the cloud cart; empty the local one and go to the confirmation, which
          // shows the order from this answer (usePlaceOrder put it in the order's query).
          setPlacedId(order.id);
          cart.clear();
        },
        onError: (e) => {
          // A refusal is remembered under its key (docs/decisions/026-abuse-and-edge-cases.md): the next
          // attempt is a new request. The key stays only when the outcome is unknown (network, 5xx).
          if (e instanceof ApiError && e.status < 500) sessionStorage.removeItem(KEY_STORAGE);
        },
      },
    );

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Finalizar pedido</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="space-y-6">
          <Card className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">Itens e períodos</h2>
            {quote.isError ? <Alert>{quote.error.message}</Alert> : null}
            <ul className="divide-y divide-slate-100">
              {(quote.data?.items ?? []).map((item, i) => (
                <li key={`${item.product_id}-${i}`} className="flex flex-wrap justify-between gap-2 py-3">
                  <div>
                    <p className="font-medium text-slate-900">{item.name}</p>
                    <p className="text-sm text-slate-600">
                      Veiculação {formatBookingPeriod(item.start, item.weeks)}
                      {item.is_tower_based
                        ? ` · ${item.towers.length} ${item.towers.length === 1 ? 'torre' : 'torres'}`
                        : ''}
                    </p>
                    <p className="text-sm text-slate-600" data-testid="audiencia-periodo">
                      Audiência no período: {formatInteger(item.audience)} impactos
                    </p>
                    <LineCpm cpm={item.cpm} />
                  </div>
                  <p className="text-right font-semibold text-slate-900">
                    {formatMoney(item.total)}
                    {item.discount > 0 ? (
                      <span className="block text-xs font-normal text-emerald-700">
                        −{formatMoney(item.discount)} longa duração
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </Card>

          <CouponCard
            coupon={coupon}
            setCoupon={setCoupon}
            applied={quote.data?.coupon}
            refusal={quote.data?.coupon_error}
          />

          {isAgency ? (
            <Card className="space-y-3">
              <h2 className="text-lg font-semibold text-slate-900">Para qual anunciante?</h2>
              <CartAdvertiserPicker id="pedido-anunciante" />
            </Card>
          ) : null}

          <Card className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">Forma de pagamento</h2>
            <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label="Forma de pagamento">
              {paymentMethods
                .filter((m) => !paymentMethodRules[m].companiesOnly || isCompany)
                .map((m) => (
                  <label
                    key={m}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border p-4',
                      method === m ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200',
                    )}
                  >
                    <input
                      type="radio"
                      name="pagamento"
                      value={m}
                      checked={method === m}
                      onChange={() => setMethod(m)}
                      className="mt-1 h-4 w-4 accent-brand-700"
                    />
                    <span>
                      <span className="flex items-center gap-2 font-semibold text-slate-900">
                        {m === 'pix' ? (
                          <QrCode className="h-4 w-4" aria-hidden="true" />
                        ) : (
                          <Receipt className="h-4 w-4" aria-hidden="true" />
                        )}
                        {paymentMethodLabels[m]}
                      </span>
                      <span className="text-sm text-slate-600">
                        {m === 'pix'
                          ? `Aprovação em minutos. O código vale ${config.data?.payment_window_minutes ?? 30} minutos.`
                          : 'Para empresas: boleto ou transferência, confirmado pela equipe.'}
                      </span>
                    </span>
                  </label>
                ))}
            </div>
            {!isCompany ? (
              <p className="text-xs text-slate-600">
                Boleto/transferência faturada está disponível para cadastros com CNPJ.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <HelpLink article={knowledgeArticles.pagamentoPix}>Como funciona o pagamento por Pix</HelpLink>
              {isCompany ? (
                <HelpLink article={knowledgeArticles.pagamentoFaturado}>
                  Prazos do boleto ou transferência faturada
                </HelpLink>
              ) : null}
            </div>
          </Card>

          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Política de cancelamento</h2>
            <p className="mt-2 text-sm text-slate-600">{CANCELLATION_POLICY}</p>
            <HelpLink article={knowledgeArticles.cancelamentos} className="mt-3">
              Cancelamentos e reembolsos em detalhe
            </HelpLink>
          </Card>
        </div>

        <aside aria-label="Total do pedido" className="lg:sticky lg:top-20 lg:self-start">
          <Card className="space-y-4">
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd>{formatMoney(quote.data?.subtotal ?? 0)}</dd>
              </div>
              {quote.data && quote.data.discount > 0 ? (
                <div className="flex justify-between text-emerald-700">
                  <dt>Longa duração</dt>
                  <dd>−{formatMoney(quote.data.discount)}</dd>
                </div>
              ) : null}
              {quote.data?.coupon ? (
                <div className="flex justify-between text-emerald-700">
                  <dt>Cupom {quote.data.coupon.code}</dt>
                  <dd>−{formatMoney(quote.data.coupon.discount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="total-pedido">{formatMoney(quote.data?.total ?? 0)}</dd>
              </div>
            </dl>
            {quote.data ? <AudienceSummary items={quote.data.items} paid={quote.data.total} /> : null}
            {placing.isError ? (
              <Alert>{placing.error.message || 'Não foi possível finalizar o pedido.'}</Alert>
            ) : null}
            <Button
              size="lg"
              className="w-full"
              disabled={placing.isPending || !quote.data || quote.isError || (isAgency && !advertiser)}
              onClick={submit}
            >
              {placing.isPending ? 'Finalizando...' : 'Finalizar pedido'}
            </Button>
            <p className="text-center text-xs text-slate-600">
              Ao finalizar você concorda com os{' '}
              <Link to={paths.termos} target="_blank" className="text-brand-700 underline">
                termos de uso
              </Link>{' '}
              e a{' '}
              <Link to={paths.privacidade} target="_blank" className="text-brand-700 underline">
                política de privacidade
              </Link>
              .
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <Checkout />
    </ProtectedRoute>
  );
}
