import { z } from 'zod';
import { productStatuses, productTypes } from '../catalog.ts';
import { couponKinds } from '../orders/rules.ts';
import { orderHeadSchema } from '../orders/schemas.ts';
import { campaignQueueEntrySchema } from '../campaigns/queue.ts';
import { userContactSchema, userHeadSchema } from '../auth/schemas.ts';

/**
 * The answers of the admin area (docs/spec/product.md §8): the API declares them as its response
 * schemas and the web reads their types with z.infer (docs/decisions/037-one-contract-per-endpoint.md).
 * Dates travel as ISO text.
 */

/** A list answer: the page of items and where it sits. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), page_size: z.number(), items: z.array(item) });

export interface Page<T> {
  total: number;
  page: number;
  page_size: number;
  items: T[];
}

const productStatus = z.enum(productStatuses);

/** An order in a staff list: its head's code, state, total and date (issue #18). */
const orderLine = orderHeadSchema.pick({ id: true, code: true, status: true, total: true, created_at: true });

export const adminOverviewSchema = z.object({
  users: z.object({ cliente: z.number(), admin: z.number(), operador: z.number() }),
  active_products: z.number(),
  /** Receita líquida (bruto − descontos − reembolsos) of the orders paid this month. */
  revenue_this_month: z.number(),
  revenue_last_month: z.number(),
  orders_this_month: z.number(),
  orders_last_month: z.number(),
  average_ticket: z.number(),
  new_users_this_month: z.number(),
  /** Today's slots: sold, in reserva técnica, blocked, of all (services/figures.ts). */
  occupancy: z.object({ taken: z.number(), technical: z.number(), blocked: z.number(), total: z.number() }),
  revenue_30_days: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  awaiting_review: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number() })),
  /** Campaigns owed a start, an end or their art (issue #40 item 6). */
  campaign_queue: z.array(campaignQueueEntrySchema),
  recent_orders: z.array(orderLine.extend({ customer: z.string(), email: z.string() })),
});
export type Overview = z.infer<typeof adminOverviewSchema>;

/**
 * What staff see of every user, in the list and on the user's page, beyond who they are: the last
 * sign-in (null: never signed in) and whether the account was deleted at its holder's request.
 */
const staffViewOfUser = {
  blocked: z.boolean(),
  deleted: z.boolean(),
  created_at: z.string(),
  last_access: z.string().nullable(),
};

export const adminUserRowSchema = userHeadSchema.extend(staffViewOfUser);
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = pageOf(adminUserRowSchema);

export const adminUserDetailSchema = userContactSchema.extend({
  ...staffViewOfUser,
  blocked_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  active_sessions: z.number(),
  orders: z.array(orderLine),
  tickets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      subject: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminProductRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  city: z.string(),
  state: z.string(),
  /** With the address, what tells apart faces of the same name in one city. */
  neighborhood: z.string(),
  address: z.string(),
  daily_price: z.number(),
  status: productStatus,
  is_tower_based: z.boolean(),
  updated_at: z.string(),
  towers: z.number(),
  slots: z.number(),
  cover: z.string().nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductPageSchema = pageOf(adminProductRowSchema);

const adminTowerSchema = z.object({
  id: z.string(),
  name: z.string(),
  screens: z.number(),
  weekly_audience: z.number(),
  slots: z.number(),
});
/** A tower in the product form: a new one has no id yet. */
export type AdminTower = Omit<z.infer<typeof adminTowerSchema>, 'id'> & { id?: string };

export const adminProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(productTypes),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  daily_price: z.number(),
  is_tower_based: z.boolean(),
  weekly_audience: z.number(),
  audience_profile: z.string(),
  audience_source: z.string(),
  audience_method: z.string(),
  /** 'AAAA-MM' or ''. */
  audience_month: z.string(),
  operating_hours: z.string(),
  status: productStatus,
  updated_at: z.string(),
  towers: z.array(adminTowerSchema),
  photos: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      thumb_url: z.string(),
      alt: z.string(),
      position: z.number(),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  min_order: z.number(),
  max_uses: z.number().nullable(),
  max_uses_per_user: z.number().nullable(),
  first_purchase_only: z.boolean(),
  active: z.boolean(),
  uses: z.number(),
  paid_uses: z.number(),
  revenue: z.number(),
  discount_given: z.number(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponPageSchema = pageOf(adminCouponSchema);

export const emailStatuses = ['pendente', 'enviado', 'falhou', 'registrado'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailRowSchema = z.object({
  id: z.string(),
  to_email: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number(),
  last_error: z.string().nullable(),
  send_after: z.string(),
  sent_at: z.string().nullable(),
  /** Set on a copy staff resent: the log labels it "Reenvio". */
  resent_from_id: z.string().nullable(),
  created_at: z.string(),
});
export type EmailRow = z.infer<typeof emailRowSchema>;
export const emailLogPageSchema = pageOf(emailRowSchema).extend({ templates: z.array(z.string()) });

export const emailDetailSchema = emailRowSchema.extend({
  body_text: z.string(),
  body_html: z.string(),
  /** The single-use link the e-mail carries, if any, and its state now. */
  single_use_link: z.object({ state: z.enum(['usado', 'expirado', 'valido']), at: z.string() }).nullable(),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const auditRowSchema = z.object({
  id: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record before and after, as stored (JSON). */
  before: z.json(),
  after: z.json(),
  ip: z.string().nullable(),
  created_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The users list filtered to the actor. */
  actor_href: z.string().nullable(),
  /** What the action was on: a name people know and the admin page of the record. */
  target: z.object({ label: z.string(), href: z.string().nullable() }).nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditLogPageSchema = pageOf(auditRowSchema).extend({ actions: z.array(z.string()) });

const dayRange = z.object({ from: z.string(), to: z.string() });
/**
 * Money figures (docs/decisions/092-one-definition-of-each-figure.md): `gross` is the bruto (list
 * price before discounts), `discount` the descontos, `refunds` what staff give back, and `revenue`
 * the receita líquida (bruto − descontos − reembolsos) — "Receita" on every screen and CSV.
 */
const sales = { items: z.number(), gross: z.number(), revenue: z.number() };
export const salesReportSchema = z.object({
  range: dayRange,
  /** Occupancy looks forward: by default today to 12 weeks ahead (docs/decisions/028-readable-audit-log.md). */
  occupancy_range: dayRange,
  grain: z.enum(['day', 'month']),
  totals: z.object({
    orders: z.number(),
    gross: z.number(),
    discounts: z.number(),
    refunds: z.number(),
    revenue: z.number(),
    average_ticket: z.number(),
  }),
  periodo: z.array(
    z.object({
      period: z.string(),
      orders: z.number(),
      gross: z.number(),
      discount: z.number(),
      /** The agencies' desconto-padrão (decision 098): bruto − descontos − this − reembolsos = revenue. */
      agency_commission: z.number(),
      refunds: z.number(),
      revenue: z.number(),
    }),
  ),
  produtos: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      type: z.enum(productTypes),
      city: z.string(),
      state: z.string(),
      ...sales,
    }),
  ),
  cidades: z.array(z.object({ city: z.string(), state: z.string(), orders: z.number(), ...sales })),
  tipos: z.array(z.object({ type: z.enum(productTypes), ...sales })),
  clientes: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      email: z.string(),
      orders: z.number(),
      revenue: z.number(),
    }),
  ),
  /** Slot-days of the range: sold, in reserva técnica, blocked; rates of sales and of all three. */
  ocupacao: z.array(
    z.object({
      product_id: z.string(),
      product: z.string(),
      city: z.string(),
      tower_id: z.string(),
      tower: z.string(),
      slots: z.number(),
      booked: z.number(),
      technical: z.number(),
      blocked: z.number(),
      capacity: z.number(),
      rate: z.number(),
      unavailable_rate: z.number(),
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
