import type { CouponKind, OrderStatus, ProductType, UserType } from '@urbana/shared';

export interface Page<T> {
  total: number;
  page: number;
  page_size: number;
  items: T[];
}

export interface Overview {
  users: Record<UserType, number>;
  active_products: number;
  revenue_this_month: number;
  revenue_last_month: number;
  orders_this_month: number;
  orders_last_month: number;
  average_ticket: number;
  new_users_this_month: number;
  occupancy: { taken: number; total: number };
  revenue_30_days: Array<{ day: string; revenue: number; orders: number }>;
  awaiting_review: Array<{ kind: string; label: string; count: number }>;
  recent_orders: Array<{
    id: string;
    code: string;
    status: OrderStatus;
    total: number;
    created_at: string;
    customer: string;
    email: string;
  }>;
}

export interface AdminUserRow {
  id: string;
  email: string;
  nome_completo: string;
  tipo_usuario: UserType;
  email_confirmed: boolean;
  blocked: boolean;
  created_at: string;
  updated_at: string;
}

export interface AdminUserDetail {
  id: string;
  email: string;
  nome_completo: string;
  empresa: string | null;
  telefone: string | null;
  tipo_usuario: UserType;
  email_confirmed: boolean;
  blocked: boolean;
  blocked_at: string | null;
  created_at: string;
  last_access: string;
  active_sessions: number;
  orders: Array<{ id: string; code: string; status: OrderStatus; total: number; created_at: string }>;
  tickets: Array<{ id: string; code: string; subject: string; status: string; created_at: string }>;
}

export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  type: ProductType;
  city: string;
  state: string;
  daily_price: number;
  status: 'ativo' | 'inativo';
  is_tower_based: boolean;
  updated_at: string;
  towers: number;
  slots: number;
  cover: string | null;
}

export interface AdminTower {
  id?: string;
  name: string;
  screens: number;
  weekly_audience: number;
  slots: number;
}

export interface AdminProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  type: ProductType;
  address: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  daily_price: number;
  is_tower_based: boolean;
  weekly_audience: number;
  audience_profile: string;
  operating_hours: string;
  status: 'ativo' | 'inativo';
  updated_at: string;
  towers: Array<AdminTower & { id: string }>;
  photos: Array<{ id: string; url: string; thumb_url: string; alt: string; position: number }>;
}

export interface AdminCoupon {
  id: string;
  code: string;
  kind: CouponKind;
  value: number;
  starts_at: string | null;
  ends_at: string | null;
  min_order: number;
  max_uses: number | null;
  max_uses_per_user: number | null;
  first_purchase_only: boolean;
  active: boolean;
  uses: number;
  paid_uses: number;
  revenue: number;
  discount_given: number;
  created_at: string;
}

export type EmailStatus = 'pendente' | 'enviado' | 'falhou' | 'registrado';
export interface EmailRow {
  id: string;
  to_email: string;
  subject: string;
  template: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  send_after: string;
  sent_at: string | null;
  /** Set on a copy staff resent: the log labels it "Reenvio". */
  resent_from_id?: string | null;
  created_at: string;
}
export interface EmailDetail extends EmailRow {
  body_text: string;
  body_html: string;
  /** The single-use link the e-mail carries, if any, and its state now. */
  single_use_link: { state: 'usado' | 'expirado' | 'valido'; at: string } | null;
}

export interface AuditRow {
  id: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  /** The users list filtered to the actor. */
  actor_href: string | null;
  /** What the action was on: a name people know and the admin page of the record. */
  target: { label: string; href: string | null } | null;
}

export interface SalesReport {
  range: { from: string; to: string };
  /** Occupancy looks forward: by default today to 12 weeks ahead (docs/decisions/028-readable-audit-log.md). */
  occupancy_range: { from: string; to: string };
  grain: 'day' | 'month';
  totals: { orders: number; revenue: number; average_ticket: number };
  periodo: Array<{ period: string; orders: number; revenue: number; discount: number }>;
  produtos: Array<{
    product_id: string;
    name: string;
    type: ProductType;
    city: string;
    state: string;
    items: number;
    revenue: number;
  }>;
  cidades: Array<{ city: string; state: string; orders: number; items: number; revenue: number }>;
  tipos: Array<{ type: ProductType; items: number; revenue: number }>;
  clientes: Array<{ user_id: string; name: string; email: string; orders: number; revenue: number }>;
  ocupacao: Array<{
    product_id: string;
    product: string;
    city: string;
    tower_id: string;
    tower: string;
    slots: number;
    booked: number;
    capacity: number;
    rate: number;
  }>;
}
