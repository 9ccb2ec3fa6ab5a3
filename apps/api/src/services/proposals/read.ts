import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  proposalMessages,
  todayInBrasilia,
  type Proposal,
  type ProposalListItem,
  type ProposalState,
  type ProductType,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { textSearch } from '../../db/search.ts';
import { products, profiles, proposalItems, proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

type ProposalRow = typeof proposals.$inferSelect;

/** "vencida" once the last day passed without an answer (the row keeps "enviada"). */
export function proposalState(
  row: Pick<ProposalRow, 'status' | 'valid_until'>,
  now = new Date(),
): ProposalState {
  if ((row.status === 'enviada' || row.status === 'rascunho') && row.valid_until < todayInBrasilia(now))
    return 'vencida';
  return row.status;
}

const customerColumns = {
  id: profiles.id,
  nome_completo: profiles.nome_completo,
  email: profiles.email,
  empresa: profiles.empresa,
};

function head(row: ProposalRow, customer: ProposalListItem['customer']): ProposalListItem {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    state: proposalState(row),
    customer,
    valid_until: row.valid_until,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    note: row.note,
    order_id: row.order_id,
    sent_at: row.sent_at?.toISOString() ?? null,
    accepted_at: row.accepted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** One proposal with its lines; `customerId` limits it to that customer's own (404 otherwise). */
export async function getProposal(db: Db | Tx, id: string, customerId?: string): Promise<Proposal> {
  const [found] = await db
    .select({ p: proposals, customer: customerColumns })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .where(eq(proposals.id, id));
  if (!found || (customerId && (found.p.customer_id !== customerId || found.p.status === 'rascunho')))
    throw new AppError(404, proposalMessages.notFound);
  const lines = await db
    .select({ i: proposalItems, product: products })
    .from(proposalItems)
    .innerJoin(products, eq(products.id, proposalItems.product_id))
    .where(eq(proposalItems.proposal_id, id))
    .orderBy(asc(proposalItems.position));
  return {
    ...head(found.p, found.customer),
    items: lines.map(({ i, product }) => ({
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
    })),
  };
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
    .select({ p: proposals, customer: customerColumns })
    .from(proposals)
    .innerJoin(profiles, eq(profiles.id, proposals.customer_id))
    .where(where)
    .orderBy(desc(proposals.created_at), desc(proposals.id))
    .limit(PROPOSAL_PAGE_SIZE)
    .offset((query.page - 1) * PROPOSAL_PAGE_SIZE);
  return {
    total: total?.n ?? 0,
    page: query.page,
    page_size: PROPOSAL_PAGE_SIZE,
    items: rows.map((r) => head(r.p, r.customer)),
  };
}
