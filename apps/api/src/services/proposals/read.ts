import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  bookingAudience,
  isScreenType,
  type AudienceFace,
  bookingCpm,
  bookingsSummary,
  proposalMessages,
  todayInBrasilia,
  type Proposal,
  type ProposalListItem,
  type ProposalState,
  type ProductType,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { textSearch } from '../../db/search.ts';
import {
  advertisers,
  orders,
  products,
  profiles,
  proposalItems,
  proposalRounds,
  proposals,
  towers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

type ProposalRow = typeof proposals.$inferSelect;

/** The proposal's latest order, as far as its state needs it. */
export type ProposalOrder = { status: string; paid_at: Date | null } | null;

/** An order that ended without being paid: it expired, or was cancelled before any payment. */
export function orderLapsed(order: ProposalOrder): boolean {
  return !!order && (order.status === 'expirado' || order.status === 'cancelado') && !order.paid_at;
}

/**
 * The state the screens show (decision 077). The row keeps its status; the state adds "vencida" once
 * the last day passed unanswered, "reaberta" when an accepted proposal's order lapsed unpaid (it may
 * be accepted again while valid) and "impedida" when the last try to accept it was refused.
 */
export function proposalState(
  row: Pick<ProposalRow, 'status' | 'valid_until' | 'acceptance_error'>,
  order: ProposalOrder = null,
  now = new Date(),
): ProposalState {
  const reopened = row.status === 'aceita' && orderLapsed(order);
  if (row.status !== 'enviada' && row.status !== 'rascunho' && !reopened) return row.status;
  if (row.valid_until < todayInBrasilia(now)) return 'vencida';
  if (row.status === 'rascunho') return 'rascunho';
  if (row.acceptance_error) return 'impedida';
  return reopened ? 'reaberta' : 'enviada';
}

const orderColumns = { status: orders.status, paid_at: orders.paid_at };

const customerColumns = {
  id: profiles.id,
  nome_completo: profiles.nome_completo,
  email: profiles.email,
  empresa: profiles.empresa,
};

const advertiserColumns = { id: advertisers.id, name: advertisers.name, document: advertisers.document };

function head(
  row: ProposalRow,
  customer: ProposalListItem['customer'],
  order: ProposalOrder,
  advertiser: ProposalListItem['advertiser'] = null,
): ProposalListItem {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    state: proposalState(row, order),
    customer,
    valid_until: row.valid_until,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    note: row.note,
    payment_method: row.payment_method,
    acceptance_error: row.acceptance_error,
    order_id: row.order_id,
    sent_at: row.sent_at?.toISOString() ?? null,
    accepted_at: row.accepted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    advertiser,
    request_message: row.request_message,
    target_budget: row.target_budget,
  };
}

/** One proposal with its lines; `customerId` limits it to that customer's own (404 otherwise). */
export async function getProposal(db: Db | Tx, id: string, customerId?: string): Promise<Proposal> {
  const [found] = await db
    .select({ p: proposals, customer: customerColumns, order: orderColumns, advertiser: advertiserColumns })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .leftJoin(orders, eq(orders.id, proposals.order_id))
    .leftJoin(advertisers, eq(advertisers.id, proposals.advertiser_id))
    .where(eq(proposals.id, id));
  if (!found || (customerId && (found.p.customer_id !== customerId || found.p.status === 'rascunho')))
    throw new AppError(404, proposalMessages.notFound);
  const lines = await db
    .select({ i: proposalItems, product: products })
    .from(proposalItems)
    .innerJoin(products, eq(products.id, proposalItems.product_id))
    .where(eq(proposalItems.proposal_id, id))
    .orderBy(asc(proposalItems.position));
  const faces = await productFaces(
    db,
    lines.map(({ product }) => product.id),
  );
  const items = lines.map(({ i, product }) => {
    // The audience of the faces as the cart and the product page count it, at the negotiated price.
    const audience = bookingAudience({
      isTowerBased: product.is_tower_based,
      isScreen: isScreenType(product.type),
      productWeeklyAudience: product.weekly_audience,
      chosenTowers: product.is_tower_based
        ? i.towers.map((t) => faces.byId.get(t.id) ?? { weekly_audience: 0, slots: 1 })
        : faces.byProduct.get(product.id)!.slice(0, 1),
      weeks: i.weeks,
    });
    return {
      product_id: product.id,
      product_name: product.name,
      product_slug: product.slug,
      product_type: product.type as ProductType,
      city: product.city,
      state: product.state,
      is_tower_based: product.is_tower_based,
      towers: i.towers,
      start: i.starts_on,
      weeks: i.weeks,
      list_price: i.list_price,
      price: i.price,
      audience,
      cpm: bookingCpm(i.price, audience),
    };
  });
  const summary = bookingsSummary(
    items.map((i) => ({ total: i.price, audience: i.audience })),
    found.p.total,
  );
  const rounds = await proposalRoundsOf(db, id);
  return { ...head(found.p, found.customer, found.order, found.advertiser), items, ...summary, rounds };
}

/** The negotiation's rounds, oldest first (issue #44 item 4). */
async function proposalRoundsOf(db: Db | Tx, id: string) {
  const rows = await db
    .select()
    .from(proposalRounds)
    .where(eq(proposalRounds.proposal_id, id))
    .orderBy(asc(proposalRounds.position));
  return rows.map((r) => ({
    position: r.position,
    kind: r.kind,
    side: r.side,
    actor_name: r.actor_name,
    message: r.message,
    prices: r.prices,
    total: r.total,
    valid_until: r.valid_until,
    created_at: r.created_at.toISOString(),
  }));
}

/** The products' faces (audience and slots) by id and by product, ordered by name. */
async function productFaces(db: Db | Tx, productIds: string[]) {
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: towers.id,
            product_id: towers.product_id,
            weekly_audience: towers.weekly_audience,
            slots: towers.slots,
          })
          .from(towers)
          .where(inArray(towers.product_id, productIds))
          .orderBy(asc(towers.name), asc(towers.id));
  const byProduct = new Map<string, AudienceFace[]>(productIds.map((id) => [id, []]));
  for (const r of rows) byProduct.get(r.product_id)?.push(r);
  return { byId: new Map<string, AudienceFace>(rows.map((r) => [r.id, r])), byProduct };
}

/** The row, locked for a use case (send, accept, cancel), with its latest order and its state. */
export async function lockProposal(tx: Tx, id: string) {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
  if (!row) throw new AppError(404, proposalMessages.notFound);
  const [order] = row.order_id
    ? await tx.select(orderColumns).from(orders).where(eq(orders.id, row.order_id))
    : [];
  return { row, order: order ?? null, state: proposalState(row, order ?? null) };
}

export const PROPOSAL_PAGE_SIZE = 20;

/** Staff's list: newest first, searchable by code and customer. */
export async function listProposals(
  db: Db,
  query: { page: number; q?: string | undefined; status?: ProposalRow['status'] | undefined },
) {
  const where = and(
    query.status ? eq(proposals.status, query.status) : undefined,
    textSearch(query.q, [proposals.code, profiles.nome_completo, profiles.email, profiles.empresa]),
  );
  const [total] = await db
    .select({ n: count() })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .where(where);
  const rows = await db
    .select({ p: proposals, customer: customerColumns, order: orderColumns, advertiser: advertiserColumns })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .leftJoin(orders, eq(orders.id, proposals.order_id))
    .leftJoin(advertisers, eq(advertisers.id, proposals.advertiser_id))
    .where(where)
    .orderBy(desc(proposals.created_at), desc(proposals.id))
    .limit(PROPOSAL_PAGE_SIZE)
    .offset((query.page - 1) * PROPOSAL_PAGE_SIZE);
  return {
    total: total?.n ?? 0,
    page: query.page,
    page_size: PROPOSAL_PAGE_SIZE,
    items: rows.map((r) => head(r.p, r.customer, r.order, r.advertiser)),
  };
}

/** The customer's "Propostas": the ones sent to them (never a draft), newest first. */
export async function listCustomerProposals(db: Db, customerId: string) {
  const rows = await db
    .select({ p: proposals, customer: customerColumns, order: orderColumns, advertiser: advertiserColumns })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .leftJoin(orders, eq(orders.id, proposals.order_id))
    .leftJoin(advertisers, eq(advertisers.id, proposals.advertiser_id))
    .where(and(eq(proposals.customer_id, customerId), ne(proposals.status, 'rascunho')))
    .orderBy(desc(proposals.created_at), desc(proposals.id))
    .limit(100);
  return { items: rows.map((r) => head(r.p, r.customer, r.order, r.advertiser)) };
}
