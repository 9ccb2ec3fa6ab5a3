import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  bookingAudience,
  isScreenType,
  type AudienceFace,
  bookingCpm,
  bookingMessages,
  cartItemTotal,
  pricingOf,
  formatBookingPeriod,
  priceItem,
  weeksParam,
} from '@urbana/shared';
import { useCart } from '../../cart/index.ts';
import { toast } from '../../../lib/toast.ts';
import type { AppConfig, ProductDetail } from '@urbana/shared';

/** A second click within this window is the same click (no duplicate toast). */
const CLICK_BURST_MS = 1000;

/** The period a product page shows, from its address (`?inicio=` and `?semanas=`, 4 by default). */
export function usePeriodParams() {
  const [params, setParams] = useSearchParams();
  const start = params.get('inicio') ?? undefined;
  const weeks = weeksParam(params.get('semanas'));
  const setPeriod = (changes: { inicio?: string; semanas?: number }) => {
    const next = new URLSearchParams(params);
    if (changes.inicio) next.set('inicio', changes.inicio);
    if (changes.semanas) next.set('semanas', String(changes.semanas));
    // The page stays where the person is: a week tapped far down the calendar used to scroll to the top.
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { start, weeks, setPeriod };
}

/**
 * The booking a visitor is putting together on a product page: the towers chosen (all with room by
 * default), its price, audience and CPM (decision 022), and adding it to the cart.
 */
/** The chosen towers of a tower product, the single face of any other. */
const selectedFaces = (data: ProductDetail, selected: string[]) =>
  data.is_tower_based ? data.towers.filter((t) => selected.includes(t.id)) : data.towers.slice(0, 1);

/** The shared audience rule (decisions 022, 089): a screen's faces count their spot of the loop. */
const audienceOf = (
  data: ProductDetail,
  isTowerBased: boolean,
  chosen: readonly AudienceFace[],
  weeks: number,
) =>
  bookingAudience({
    isTowerBased,
    isScreen: isScreenType(data.type),
    productWeeklyAudience: data.weekly_audience,
    chosenTowers: chosen,
    weeks,
  });

export function useBooking(data: ProductDetail, weeks: number, config: AppConfig | undefined) {
  const cart = useCart();
  // null = the default: every tower with room.
  const [picked, setPicked] = useState<string[] | null>(null);
  const lastAdd = useRef(0);

  const available = useMemo(() => data.towers.filter((t) => t.remaining > 0).map((t) => t.id), [data]);
  const selected = data.is_tower_based
    ? (picked ?? available).filter((id) => available.includes(id))
    : available;
  const towerCount = data.is_tower_based ? selected.length : 1;
  const pricing = pricingOf(config);
  const total = cartItemTotal({ daily_price: data.daily_price, weeks, towerCount }, pricing);
  const canAdd = selected.length > 0;
  const audience = audienceOf(data, data.is_tower_based, selectedFaces(data, selected), weeks);
  const periodCpm = bookingCpm(
    priceItem({ dailyPrice: data.daily_price, weeks, towerCount }, pricing).total,
    audience,
  );

  // Each tower's own audience and CPM for the period, to compare them (issue #23 item 1).
  const towerFigures = (tower: AudienceFace) => {
    const towerAudience = audienceOf(data, true, [tower], weeks);
    const price = priceItem({ dailyPrice: data.daily_price, weeks, towerCount: 1 }, pricing).total;
    return { audience: towerAudience, cpm: bookingCpm(price, towerAudience) };
  };

  const toggleTower = (id: string) => {
    const current = picked ?? available;
    setPicked(current.includes(id) ? current.filter((t) => t !== id) : [...current, id]);
  };

  const addToCart = () => {
    const now = Date.now();
    if (now - lastAdd.current < CLICK_BURST_MS) return;
    lastAdd.current = now;
    const added = cart.addItem({
      product_id: data.id,
      name: data.name,
      slug: data.slug,
      image: data.photos[0]?.thumb ?? null,
      type: data.type,
      city: data.city,
      state: data.state,
      daily_price: data.daily_price,
      weeks,
      startDate: data.period.start,
      selectedTowers: data.is_tower_based ? selected : [],
      isTowerBased: data.is_tower_based,
      towers: data.towers.map(({ id, name, screens, weekly_audience, slots }) => ({
        id,
        name,
        screens,
        weekly_audience,
        slots,
      })),
    });
    if (!added) {
      toast.error('Este local já está no carrinho', bookingMessages.alreadyInCart(data.name));
      return;
    }
    toast.success(
      'Adicionado ao carrinho',
      `${data.name} — ${formatBookingPeriod(data.period.start, weeks)}`,
    );
  };

  return { selected, towerCount, total, canAdd, audience, periodCpm, towerFigures, toggleTower, addToCart };
}

export type Booking = ReturnType<typeof useBooking>;
