/**
 * The DPS of a paid order (issue #42, docs/decisions/083-nfse-when-paid.md): the buyer as the order
 * froze its billing details at checkout, the items as the service's description, the subtotal as the
 * service's value and both discounts (long run and coupon) as the unconditional discount.
 */
import { asc, eq } from 'drizzle-orm';
import { formatBookingPeriod, todayInBrasilia, type IsoDate } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { DpsInput } from './dps.ts';
import type { NfseConfig } from './nfse-config.ts';

interface BillingSnapshot {
  name?: string;
  document?: string;
  phone?: string;
  cep?: string;
  street?: string;
  number?: string;
  complement?: string | null;
  district?: string;
  ibge_code?: string | null;
}

/** The buyer's address only when the city's IBGE code is known (the schema needs it in `endNac`). */
function buyerAddress(b: BillingSnapshot): DpsInput['buyer']['address'] {
  if (!b.ibge_code || !/^\d{7}$/.test(b.ibge_code) || !b.cep) return undefined;
  return {
    cityIbge: b.ibge_code,
    cep: b.cep,
    street: b.street ?? '',
    number: b.number ?? '',
    complement: b.complement ?? undefined,
    district: b.district ?? '',
  };
}

export interface OrderDpsData {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
}

export async function loadOrderDpsData(db: Db, orderId: string): Promise<OrderDpsData> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`pedido ${orderId} não encontrado`);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.created_at), asc(orderItems.id));
  return { order, items };
}

/** What the DPS says the service was: one line per booked item, with its city and period. */
export function serviceDescription(data: OrderDpsData): string {
  const lines = data.items.map(
    (i) =>
      `${i.product_name} (${i.city}/${i.state}): ${formatBookingPeriod(i.starts_on as IsoDate, i.weeks)}`,
  );
  return `Veiculação de publicidade em mídia exterior, pedido ${data.order.code}.\n${lines.join('\n')}`;
}

/**
 * The DPS input of an order, numbered `number` in `config.series`. Competence and emission are the
 * day it is built (the Sefin refuses a competence after the emission, and the campaign may start
 * later); the place of the service is the issuer's city (ASSUMED in decision 083: faces have no IBGE
 * code yet, and subitem 17.25's ISS is due where the provider is established).
 */
export function orderDpsInput(
  config: NfseConfig,
  data: OrderDpsData,
  number: number,
  now: Date,
  appVersion?: string,
): DpsInput {
  const billing = data.order.billing as BillingSnapshot;
  const discount = data.order.discount + data.order.coupon_discount;
  return {
    environment: config.environment,
    series: config.series,
    number,
    issuedAt: now,
    competence: todayInBrasilia(now),
    appVersion,
    issuer: {
      cnpj: config.issuer.cnpj,
      municipalRegistration: config.issuer.municipalRegistration,
      cityIbge: config.issuer.cityIbge,
      regime: config.issuer.regime,
    },
    buyer: {
      document: billing.document ?? '',
      name: billing.name ?? '',
      address: buyerAddress(billing),
      phone: billing.phone || undefined,
    },
    service: {
      nationalCode: config.serviceCode,
      description: serviceDescription(data),
      placeIbge: config.issuer.cityIbge,
      internalCode: data.order.code,
    },
    values: {
      amountCents: data.order.subtotal,
      unconditionalDiscountCents: discount,
      issRateBasisPoints: config.issRateBasisPoints,
    },
  };
}
