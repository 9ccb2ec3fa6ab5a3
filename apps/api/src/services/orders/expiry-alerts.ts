import { sql } from 'drizzle-orm';
import { buildPath, formatDate, formatHoldEnd, formatMoney, paths } from '@urbana/shared';
import { notifyStaff } from '../messaging/notifications.ts';
import type { OrderDeps } from './transition.ts';

/** How long before an invoiced order would expire staff are told (issue #40 item 1). */
export const EXPIRY_ALERT_MS = 24 * 3600_000;

/**
 * The worker's job: an unpaid invoiced order that expires within a day is brought to staff, once —
 * `orders.expiry_alerted_at` marks it, in the same transaction as the notifications, and SKIP LOCKED
 * gives each order to one instance. Staff can then chase the payment, or extend the hold, before the
 * slots go back. `now` is the worker's clock (tests move it).
 */
export async function alertExpiringInvoicedOrders(deps: OrderDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      code: string;
      total: string;
      name: string | null;
      expires_at: string;
      due_date: string | null;
    }>(sql`
      with soon as (
        select id from orders
        where status = 'aguardando_pagamento' and payment_method = 'faturado' and expiry_alerted_at is null
          and expires_at > ${now.toISOString()}::timestamptz
          and expires_at <= ${new Date(now.getTime() + EXPIRY_ALERT_MS).toISOString()}::timestamptz
        order by expires_at
        limit 100
        for update skip locked)
      update orders o set expiry_alerted_at = ${now.toISOString()}::timestamptz
      from soon
      where o.id = soon.id
      returning o.id, o.code, o.total, o.billing->>'name' as name, o.expires_at,
        (select i.due_date::text from invoices i where i.order_id = o.id) as due_date`);
    for (const order of rows) {
      const due = order.due_date ? ` A fatura vence em ${formatDate(order.due_date)}.` : '';
      await notifyStaff(tx, {
        kind: 'pedido_faturado_expirando',
        title: `Pedido faturado expira em menos de um dia: ${order.code}`,
        body: `${order.name ?? 'Cliente'} · ${formatMoney(Number(order.total))}.${due} Sem o pagamento confirmado, o pedido expira em ${formatHoldEnd(order.expires_at)} e as vagas são liberadas.`,
        link: buildPath(paths.admin.pedido, { id: order.id }),
      });
    }
    return rows.length;
  });
}
