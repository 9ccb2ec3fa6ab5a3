-- A customer's unpaid orders by customer: every checkout counts them (the order limits, decision 026,
-- in checkoutContext and place_order). The planner reached them through orders_pending_expiry_idx —
-- every unpaid order of everyone — whenever its statistics were taken while few orders were unpaid
-- (docs/decisions/057-checkout-answered-by-place-order.md).
CREATE INDEX "orders_pending_user_idx" ON "orders" USING btree ("user_id","expires_at") WHERE "orders"."status" = 'aguardando_pagamento';