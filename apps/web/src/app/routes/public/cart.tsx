import { FileDown, ShoppingCart, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  bookingAudience,
  isScreenType,
  buildPath,
  cartItemTotal,
  cartTotal,
  cartStartError,
  formatBookingPeriod,
  paths,
  pricingOf,
  productTypeLabels,
  type CartItem,
  type ProductType,
  formatDate,
  formatInteger,
  formatMoney,
  bookingWeekChoices,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { saveRedirectPath, useAuth } from '../../../features/auth/index.ts';
import { useCart } from '../../../features/cart/index.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { ForAdvertiser } from './cart-for-advertiser.tsx';
import {
  AudienceSummary,
  CartBar,
  cartToRequest,
  downloadProposal,
  LineCpm,
  useQuote,
} from '../../../features/orders/index.ts';
import { HelpLink, knowledgeArticles } from '../../../features/knowledge/index.ts';
import { toast } from '../../../lib/toast.ts';

const START_PROBLEM = 'Corrija a data de início marcada no carrinho.';

/** "Salvar como plano" signed out: sign in first, and come back to the cart. */
function signInToSavePlan(navigate: (to: string) => unknown) {
  saveRedirectPath(paths.carrinho);
  toast.info('Entre para salvar o plano', 'Seu carrinho continua aqui depois de entrar.');
  void navigate(paths.auth);
}
const weekOptions = bookingWeekChoices.map((w) => [String(w), String(w)] as const);

/** The shared audience rule over what the cart holds, before the quote answers (decisions 022, 089). */
function cartItemAudience(item: CartItem, chosen: NonNullable<CartItem['towers']>) {
  return bookingAudience({
    isTowerBased: item.isTowerBased ?? false,
    isScreen: isScreenType(item.type ?? ''),
    productWeeklyAudience: (item.towers ?? []).reduce((s, t) => s + (t.weekly_audience ?? 0), 0),
    chosenTowers: (item.isTowerBased ? chosen : (item.towers ?? []).slice(0, 1)).map((t) => ({
      weekly_audience: t.weekly_audience ?? 0,
      slots: t.slots || 1,
    })),
    weeks: item.weeks ?? 1,
  });
}

export function Component() {
  const cart = useCart();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  // The last removed line, offered back with "Desfazer".
  const [removed, setRemoved] = useState<{ item: CartItem; index: number } | null>(null);
  const earliest = config.data?.earliest_start ?? '';
  // The cart's own figure until the quote arrives: the same price rule as the quote and the order.
  const pricing = pricingOf(config.data);
  const localTotal = cartTotal(cart.items, pricing);
  const request = useMemo(
    () => ({ items: earliest ? cartToRequest(cart.items, earliest) : [] }),
    [cart.items, earliest],
  );
  const quote = useQuote(request);
  const { user } = useAuth();
  // The cart's lines as a plan's (issue #23 item 3): the same shape the checkout sends.
  const planLines = useMemo(
    () =>
      request.items.map((i) => ({
        productId: i.product_id,
        towerIds: i.tower_ids,
        startDate: i.start_date,
        weeks: i.weeks,
      })),
    [request.items],
  );

  const undoBar = removed ? (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <span className="min-w-0">“{removed.item.name}” foi removido do carrinho.</span>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          cart.restoreItem(removed.item, removed.index);
          setRemoved(null);
        }}
      >
        Desfazer
      </Button>
    </div>
  ) : null;
  const startErrors = cart.items.map((i) => cartStartError(i.startDate, earliest));
  const hasStartError = startErrors.some(Boolean);
  const payDisabled = quote.isError || hasStartError || request.items.length === 0;
  const toCheckout = () => void navigate(paths.checkout);

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center">
        <ShoppingCart className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Carrinho</h1>
        <p className="mt-2 text-slate-600">
          Seu carrinho está vazio. Encontre locais no mapa e adicione as semanas que quiser.
        </p>
        <Button asChild className="mt-6">
          <Link to={paths.buscarLocais}>Buscar locais</Link>
        </Button>
        {undoBar ? <div className="mt-6 text-left">{undoBar}</div> : null}
      </div>
    );
  }

  // Quote items come in the order of the cart's valid items.
  let position = -1;
  const quoteIndex = cart.items.map((i) =>
    i.product_id && /^[0-9a-f-]{36}$/i.test(i.product_id) ? ++position : -1,
  );

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Carrinho</h1>
      {undoBar}
      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <ul className="space-y-4" aria-label="Itens do carrinho">
          {cart.items.map((item, index) => {
            const q = quoteIndex[index]! >= 0 ? quote.data?.items[quoteIndex[index]!] : undefined;
            const towers = (item.towers ?? []).filter((t) => (item.selectedTowers ?? []).includes(t.id));
            // What the shopper typed stays in the field; a date too early is refused next to it.
            const start = item.startDate ?? earliest;
            const startError = startErrors[index];
            // The quote's figure once it is here; the same shared rule before (decision 022).
            const audience = q?.audience ?? cartItemAudience(item, towers);
            return (
              <li key={item.id}>
                <Card className="flex flex-col gap-4 p-4 sm:flex-row">
                  {item.image ? (
                    <img
                      src={item.image}
                      alt=""
                      width={160}
                      height={107}
                      className="h-28 w-full rounded-lg object-cover sm:w-40"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex items-start justify-between gap-3">
                      <div>
                        <p className="text-xs font-semibold uppercase text-brand-700">
                          {productTypeLabels[item.type as ProductType] ?? item.type}
                        </p>
                        <h2 className="font-semibold text-slate-900">
                          {item.slug ? (
                            <Link
                              to={buildPath(paths.local, { slug: item.slug })}
                              className="hover:underline"
                            >
                              {item.name}
                            </Link>
                          ) : (
                            item.name
                          )}
                        </h2>
                        <p className="text-sm text-slate-600">
                          {item.city} {item.state ? `– ${item.state}` : ''}
                          {item.isTowerBased
                            ? ` · ${towers.length || item.towerCount} ${(towers.length || item.towerCount) === 1 ? 'torre' : 'torres'}${towers.length ? `: ${towers.map((t) => t.name).join(', ')}` : ''}`
                            : ''}
                        </p>
                        {start ? (
                          <p className="text-sm text-slate-700">
                            Veiculação {formatBookingPeriod(start, item.weeks ?? 1)}
                          </p>
                        ) : null}
                        <p className="text-sm text-slate-600" data-testid="audiencia-periodo">
                          Audiência no período: {formatInteger(audience)} impactos
                        </p>
                        {q ? <LineCpm cpm={q.cpm} /> : null}
                      </div>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remover ${item.name} do carrinho`}
                        onClick={() => {
                          setRemoved({ item, index });
                          cart.removeItem(item.id);
                        }}
                      >
                        <Trash2 className="h-5 w-5" aria-hidden="true" />
                      </Button>
                    </div>
                    <div className="flex flex-wrap items-end gap-3">
                      <Field
                        id={`inicio-${item.id}`}
                        label="Início"
                        layout="compact"
                        className="max-w-60"
                        controlClassName="h-10 w-44"
                        type="date"
                        min={earliest}
                        value={start}
                        error={startError ?? undefined}
                        onChange={(e) =>
                          e.target.value && cart.updateItem(item.id, { startDate: e.target.value })
                        }
                      />
                      <SelectField
                        id={`semanas-${item.id}`}
                        label="Semanas"
                        layout="compact"
                        controlClassName="h-10 w-28"
                        value={item.weeks ?? 1}
                        onChange={(e) => cart.updateItem(item.id, { weeks: Number(e.target.value) })}
                        options={weekOptions}
                      />
                      {item.isTowerBased && (item.towers?.length ?? 0) > 1 ? (
                        <fieldset className="w-full">
                          <legend className="mb-1 text-xs font-medium text-slate-700">Torres</legend>
                          <div className="flex flex-wrap gap-x-4 gap-y-1">
                            {item.towers!.map((t) => {
                              const selected = item.selectedTowers ?? [];
                              const checked = selected.includes(t.id);
                              return (
                                <label key={t.id} className="flex items-center gap-2 text-sm">
                                  <input
                                    type="checkbox"
                                    className="h-4 w-4 accent-brand-700"
                                    checked={checked}
                                    // At least one tower stays chosen: removing the line is the trash button.
                                    disabled={checked && selected.length === 1}
                                    onChange={() => {
                                      const next = checked
                                        ? selected.filter((id) => id !== t.id)
                                        : [...selected, t.id];
                                      cart.updateItem(item.id, {
                                        selectedTowers: next,
                                        towerCount: Math.max(next.length, 1),
                                      });
                                    }}
                                  />
                                  {t.name}
                                </label>
                              );
                            })}
                          </div>
                        </fieldset>
                      ) : null}
                      <div className="ml-auto text-right">
                        <p className="text-lg font-bold text-slate-900" data-testid="preco-item">
                          {formatMoney(q ? q.total : cartItemTotal(item, pricing))}
                        </p>
                        {q && q.discount > 0 ? (
                          <p className="text-xs text-emerald-700">
                            Desconto de longa duração: −{formatMoney(q.discount)}
                          </p>
                        ) : null}
                      </div>
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>

        <aside aria-label="Resumo" className="lg:sticky lg:top-20 lg:self-start">
          <Card className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">Resumo</h2>
            {config.data ? (
              <ul className="space-y-1 text-sm text-slate-600">
                <li>
                  Início mais cedo possível: {formatDate(config.data.earliest_start)} (
                  {config.data.lead_business_days} dias úteis de antecedência).
                </li>
                <li>
                  {config.data.long_run_percent}% de desconto em itens de {config.data.long_run_weeks} semanas
                  ou mais.
                </li>
              </ul>
            ) : null}
            <div className="flex flex-col items-start gap-1">
              <HelpLink article={knowledgeArticles.precosESemanas}>Preços, semanas e descontos</HelpLink>
              <HelpLink article={knowledgeArticles.comoFuncionaReserva}>Os passos depois do pedido</HelpLink>
            </div>
            {quote.isError ? <Alert>{quote.error.message}</Alert> : null}
            <CartTotals
              subtotal={quote.data?.subtotal ?? localTotal}
              discount={quote.data?.discount ?? 0}
              total={quote.data?.total ?? localTotal}
            />
            {quote.data ? <AudienceSummary items={quote.data.items} paid={quote.data.total} /> : null}
            {/* On a phone the button is the bar's, at the bottom of the screen. */}
            <Button size="lg" className="hidden w-full lg:flex" disabled={payDisabled} onClick={toCheckout}>
              Continuar para o pagamento
            </Button>
            {hasStartError ? <p className="text-sm text-red-700">{START_PROBLEM}</p> : null}
            <Button
              variant="secondary"
              className="w-full"
              disabled={downloading || request.items.length === 0}
              onClick={async () => {
                setDownloading(true);
                try {
                  await downloadProposal(request);
                } catch (e) {
                  toast.error(
                    'Não foi possível gerar a proposta',
                    e instanceof Error ? e.message : undefined,
                  );
                } finally {
                  setDownloading(false);
                }
              }}
            >
              <FileDown className="h-4 w-4" aria-hidden="true" />
              Baixar proposta (PDF)
            </Button>
            <ForAdvertiser
              items={request.items}
              planLines={planLines}
              signedIn={Boolean(user)}
              payDisabled={payDisabled}
              planDisabled={hasStartError || planLines.length === 0}
              onSignIn={() => signInToSavePlan(navigate)}
            />
          </Card>
        </aside>
      </div>
      <CartBar
        total={quote.data?.total ?? localTotal}
        disabled={payDisabled}
        problem={hasStartError ? START_PROBLEM : null}
        onContinue={toCheckout}
      />
    </div>
  );
}

/** The summary's figures: subtotal, the long-run discount when there is one, and the total. */
function CartTotals({ subtotal, discount, total }: { subtotal: number; discount: number; total: number }) {
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-600">Subtotal</dt>
        <dd>{formatMoney(subtotal)}</dd>
      </div>
      {discount > 0 ? (
        <div className="flex justify-between text-emerald-700">
          <dt>Descontos</dt>
          <dd>−{formatMoney(discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>Total</dt>
        <dd data-testid="total-carrinho">{formatMoney(total)}</dd>
      </div>
    </dl>
  );
}
