import { Check, ShoppingCart } from 'lucide-react';
import { formatBookingPeriod, bookingWeekChoices } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { BottomBar } from '../../../components/ui/bottom-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useToastsOnTheLeft } from '../../../components/ui/toaster.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { HelpLink, knowledgeArticles } from '../../knowledge/index.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCount, formatDate, formatInteger, formatMoney } from '@urbana/shared';
import type { ProductDetail } from '@urbana/shared';
import { AvailabilityBadge } from '../components/availability-badge.tsx';
import type { Booking } from './use-booking.ts';

const weekOptions = bookingWeekChoices.map((w) => [String(w), String(w)] as const);

interface BookingProps {
  data: ProductDetail;
  weeks: number;
  booking: Booking;
}

/** The side card: period, towers, the total and audience, and "Adicionar ao carrinho". */
export function BookingPanel({
  data,
  weeks,
  booking,
  setPeriod,
}: BookingProps & { setPeriod: (changes: { inicio?: string; semanas?: number }) => void }) {
  const { selected, towerCount, total, canAdd, audience, toggleTower, addToCart } = booking;
  // The card stands at the top right, sticky: toasts go to the left so they never cover it.
  useToastsOnTheLeft();
  return (
    <aside aria-label="Reservar" className="lg:sticky lg:top-20 lg:self-start">
      <Card className="space-y-5">
        <div className="flex items-baseline justify-between">
          <p>
            <span className="text-2xl font-bold text-slate-900">{formatMoney(data.daily_price)}</span>
            <span className="text-sm text-slate-600">/dia{data.is_tower_based ? ' por torre' : ''}</span>
          </p>
          <AvailabilityBadge status={data.period.status} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="produto-inicio"
            label="Início"
            type="date"
            min={data.period.earliest_start}
            value={data.period.start}
            onChange={(e) => e.target.value && setPeriod({ inicio: e.target.value })}
          />
          <SelectField
            id="produto-semanas"
            label="Semanas"
            options={weekOptions}
            value={String(weeks)}
            onChange={(e) => setPeriod({ semanas: Number(e.target.value) })}
          />
        </div>
        <p className="text-xs text-slate-600">
          Veiculação {formatBookingPeriod(data.period.start, weeks)}. Início mais cedo possível:{' '}
          {formatDate(data.period.earliest_start)}.
        </p>

        {data.is_tower_based ? (
          <TowerPicker
            data={data}
            selected={selected}
            toggleTower={toggleTower}
            figures={booking.towerFigures}
          />
        ) : null}

        <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
          <p className="flex justify-between text-slate-700">
            <span>
              {formatMoney(data.daily_price)} × 7 dias × {weeks} {weeks === 1 ? 'semana' : 'semanas'}
              {data.is_tower_based ? ` × ${towerCount} ${towerCount === 1 ? 'torre' : 'torres'}` : ''}
            </span>
          </p>
          <p className="flex justify-between text-base font-bold text-slate-900">
            <span>Total</span>
            <span data-testid="preco-total">{formatMoney(total)}</span>
          </p>
          <p className="text-slate-700" data-testid="audiencia-periodo">
            Audiência no período: {formatInteger(audience)} impactos
          </p>
        </div>
        {!canAdd ? (
          <Alert tone="info">
            {data.period.status === 'indisponivel'
              ? 'Sem vagas neste período. Escolha outra semana no calendário.'
              : 'Escolha pelo menos uma torre.'}
          </Alert>
        ) : null}
        {/* On a phone the bar below holds the page's one "Adicionar ao carrinho". */}
        <Button size="lg" className="hidden w-full lg:inline-flex" disabled={!canAdd} onClick={addToCart}>
          <ShoppingCart className="h-5 w-5" aria-hidden="true" />
          Adicionar ao carrinho
        </Button>
        <p className="flex items-center gap-1 text-xs text-slate-600">
          <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> O preço final é confirmado no
          checkout.
        </p>
        <div className="flex flex-col items-start gap-1 border-t border-slate-100 pt-3">
          <HelpLink article={knowledgeArticles.precosESemanas}>Como o preço por semana é calculado</HelpLink>
          <HelpLink article={knowledgeArticles.disponibilidade}>O que significam as vagas</HelpLink>
        </div>
      </Card>
    </aside>
  );
}

/** On a phone, the bar fixed at the bottom with the total and the page's one add button. */
export function BookingBar({ data, weeks, booking }: BookingProps) {
  const { total, canAdd, addToCart } = booking;
  return (
    <BottomBar label="Resumo da reserva">
      <div className="min-w-0" aria-live="polite">
        <p className="font-bold text-slate-900">
          <span data-testid="barra-total">{formatMoney(total)}</span>{' '}
          <span className="text-xs font-normal text-slate-600">
            {weeks} {weeks === 1 ? 'semana' : 'semanas'}
          </span>
        </p>
        <p className="text-xs text-slate-600" data-testid="barra-periodo">
          {formatBookingPeriod(data.period.start, weeks)}
        </p>
      </div>
      <Button className="shrink-0" disabled={!canAdd} onClick={addToCart}>
        <ShoppingCart className="h-4 w-4" aria-hidden="true" />
        Adicionar ao carrinho
      </Button>
    </BottomBar>
  );
}

/** A tower-based product's towers, each with its room in the period; full ones cannot be chosen. */
function TowerPicker({
  data,
  selected,
  toggleTower,
  figures,
}: {
  data: ProductDetail;
  selected: string[];
  toggleTower: (id: string) => void;
  figures: Booking['towerFigures'];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Torres ({selected.length} de {data.towers.length})
      </legend>
      {/* The whole list on a phone (the page scrolls); a scrolling box only beside the page on a desktop. */}
      <ul data-testid="lista-torres" className="space-y-1 lg:max-h-64 lg:overflow-auto">
        {data.towers.map((t) => {
          const full = t.remaining === 0;
          return (
            <li key={t.id}>
              <label
                className={cn(
                  'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm',
                  full ? 'text-slate-500' : 'hover:bg-slate-50',
                )}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={selected.includes(t.id)}
                    disabled={full}
                    onChange={() => toggleTower(t.id)}
                  />
                  <span>
                    {t.name} · {formatCount(t.screens, 'tela', 'telas')}
                    <TowerFigures {...figures(t)} />
                  </span>
                </span>
                <span className="shrink-0 whitespace-nowrap text-xs">
                  {full ? 'Sem vagas' : `${t.remaining} de ${formatCount(t.slots, 'vaga', 'vagas')}`}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** "40.000 impactos · CPM R$ 12,50" under a tower's name, for the chosen weeks. */
function TowerFigures({ audience, cpm }: { audience: number; cpm: number | null }) {
  return (
    <span className="block text-xs text-slate-600" data-testid="torre-audiencia">
      {formatInteger(audience)} impactos · CPM {cpm === null ? '—' : formatMoney(cpm)}
    </span>
  );
}
