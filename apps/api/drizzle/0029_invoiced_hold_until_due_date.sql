-- Issue #40 item 1 (docs/decisions/075-invoiced-hold-until-due-date.md): an unpaid invoiced order is
-- held until the end of its invoice's due date, and that date is at the latest the day before the
-- campaign's first day. Staff are told once, a day before such an order would expire.
ALTER TABLE "orders" ADD COLUMN "expiry_alerted_at" timestamp with time zone;
--> statement-breakpoint
-- Orders placed under the old rule (held 72 hours, due in 5 days, whatever the start) and still held:
-- the due date comes back to the day before the first start (never before today)…
UPDATE invoices i SET due_date = greatest(least(i.due_date, f.first_start - 1),
    (now() AT TIME ZONE 'America/Sao_Paulo')::date)
FROM orders o, (SELECT order_id, min(starts_on) AS first_start FROM order_items GROUP BY order_id) f
WHERE i.order_id = o.id AND f.order_id = o.id AND i.status = 'pendente'
  AND o.status = 'aguardando_pagamento' AND o.payment_method = 'faturado' AND o.expires_at > now();
--> statement-breakpoint
-- …and the hold reaches the end of that day in Brasília (never past 00:00 of the first day, never
-- shorter than it was)…
UPDATE orders o SET expires_at = greatest(o.expires_at, least(
    (i.due_date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo',
    f.first_start::timestamp AT TIME ZONE 'America/Sao_Paulo'))
FROM invoices i, (SELECT order_id, min(starts_on) AS first_start FROM order_items GROUP BY order_id) f
WHERE i.order_id = o.id AND f.order_id = o.id AND i.status = 'pendente'
  AND o.status = 'aguardando_pagamento' AND o.payment_method = 'faturado' AND o.expires_at > now();
--> statement-breakpoint
-- …on each of its reservations still pending too.
UPDATE reservations r SET hold_expires_at = o.expires_at
FROM order_items oi, orders o
WHERE r.order_item_id = oi.id AND oi.order_id = o.id AND r.status = 'pendente'
  AND o.status = 'aguardando_pagamento' AND o.payment_method = 'faturado' AND o.expires_at > now()
  AND r.hold_expires_at > now() AND r.hold_expires_at < o.expires_at;
