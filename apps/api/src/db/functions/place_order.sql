CREATE OR REPLACE FUNCTION place_order(doc jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  o jsonb := doc->'order';
  uid uuid := (o->>'user_id')::uuid;
  oid uuid := (o->>'id')::uuid;
  lim jsonb := doc->'limits';
  item jsonb;
  tower jsonb;
  tower_ids uuid[];
  free_slot int;
  attempts int;
  held int;
  counts json;
  announced jsonb;
  picked int[] := '{}';
  k int := 0;
BEGIN
  -- The order's row first: a second checkout with the same Idempotency-Key waits here on the unique
  -- key until this one ends, then fails on it and is answered with this order (place-order.ts).
  INSERT INTO orders (id, code, user_id, payment_method, subtotal, discount, coupon_discount, total,
    coupon_id, idempotency_key, request_hash, client_ip, payment_reference, payment_data, billing, expires_at,
    advertiser_id, agency_id, agency_commission, agency_commission_percent, payment_provider,
    payment_check_at)
  VALUES (oid, o->>'code', uid, o->>'payment_method', (o->>'subtotal')::bigint, (o->>'discount')::bigint,
    (o->>'coupon_discount')::bigint, (o->>'total')::bigint, (o->>'coupon_id')::uuid, o->>'idempotency_key',
    o->>'request_hash', o->>'client_ip', o->>'payment_reference', o->'payment_data', o->'billing',
    (o->>'expires_at')::timestamptz,
    -- An agency's order (issue #44, decision 098): absent keys leave a direct customer's order as before.
    (o->>'advertiser_id')::uuid, (o->>'agency_id')::uuid, coalesce((o->>'agency_commission')::bigint, 0),
    (o->>'agency_commission_percent')::int,
    -- The provider whose charge the code is, and when reconciliation first asks it (issue #41).
    o->>'payment_provider', (o->>'payment_check_at')::timestamptz);

  -- Then a free slot for every face, locked (FOR UPDATE SKIP LOCKED) before anything else is
  -- written: in a burst for one face, the checkouts that find none are refused at once instead of
  -- writing a whole order to roll it back. Holds that ran out give theirs back before (as releaseExpiredHolds
  -- in apps/api/src/services/orders/take-slots.ts).
  tower_ids := ARRAY(SELECT (t->>'id')::uuid FROM jsonb_array_elements(doc->'items') i,
    jsonb_array_elements(i->'towers') t);
  UPDATE reservations SET status = 'liberada'
  WHERE tower_id = ANY(tower_ids) AND status = 'pendente' AND hold_expires_at <= now();
  UPDATE inventory_holds h SET status = 'expirada', released_at = now()
  WHERE h.status = 'ativa' AND h.expires_at <= now()
    AND EXISTS (SELECT 1 FROM reservations r WHERE r.hold_id = h.id AND r.tower_id = ANY(tower_ids));
  FOR item IN SELECT value FROM jsonb_array_elements(doc->'items') LOOP
    FOR tower IN SELECT value FROM jsonb_array_elements(item->'towers') LOOP
      SELECT s.slot INTO free_slot FROM tower_slots s
      WHERE s.tower_id = (tower->>'id')::uuid
        AND NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.tower_id = s.tower_id AND r.slot = s.slot AND r.status <> 'liberada'
            AND daterange(r.starts_on, r.ends_on) && daterange((item->>'start')::date, (item->>'end')::date))
      ORDER BY s.slot LIMIT 1 FOR UPDATE SKIP LOCKED;
      IF free_slot IS NULL THEN
        -- Only the order's row and given-back holds were written: the row goes, the refusal stays.
        DELETE FROM orders WHERE id = oid;
        INSERT INTO checkout_refusals (user_id, idempotency_key, request_hash, status, message)
        VALUES (uid, o->>'idempotency_key', o->>'request_hash', 409, doc->'unavailable'->>(tower->>'id'))
        ON CONFLICT DO NOTHING;
        PERFORM set_config('synchronous_commit', 'off', true);
        RETURN jsonb_build_object('refused', jsonb_build_object('status', 409,
          'message', doc->'unavailable'->>(tower->>'id')));
      END IF;
      picked := picked || free_slot;
    END LOOP;
  END LOOP;

  IF o->>'coupon_id' IS NOT NULL THEN
    UPDATE coupons SET uses = uses + 1 WHERE id = (o->>'coupon_id')::uuid;
    INSERT INTO coupon_redemptions (coupon_id, user_id, order_id) VALUES ((o->>'coupon_id')::uuid, uid, oid);
  END IF;
  FOR item IN SELECT value FROM jsonb_array_elements(doc->'items') LOOP
    INSERT INTO order_items (id, order_id, product_id, product_name, product_type, city, state, starts_on,
      ends_on, weeks, daily_price, tower_count, subtotal, discount, total)
    VALUES ((item->>'id')::uuid, oid, (item->>'product_id')::uuid, item->>'name', item->>'type',
      item->>'city', item->>'state', (item->>'start')::date, (item->>'end')::date, (item->>'weeks')::int,
      (item->>'daily_price')::bigint, jsonb_array_length(item->'towers'), (item->>'subtotal')::bigint,
      (item->>'discount')::bigint, (item->>'total')::bigint);
    INSERT INTO order_item_towers (order_item_id, tower_id, tower_name)
    SELECT (item->>'id')::uuid, (t->>'id')::uuid, t->>'name' FROM jsonb_array_elements(item->'towers') t;
  END LOOP;
  INSERT INTO invoices (order_id, user_id, amount, discount, total, due_date, payment_method, agency_commission)
  VALUES (oid, uid, (doc#>>'{invoice,amount}')::bigint, (doc#>>'{invoice,discount}')::bigint,
    (o->>'total')::bigint, (doc#>>'{invoice,due_date}')::date, o->>'payment_method',
    coalesce((o->>'agency_commission')::bigint, 0));
  INSERT INTO order_status_history (order_id, from_status, to_status, actor, actor_id)
  VALUES (oid, NULL, 'aguardando_pagamento', 'cliente', uid);
  UPDATE user_cart SET products = '[]'::jsonb, updated_at = now() WHERE user_id = uid;
  INSERT INTO email_log (to_email, user_id, template, subject, body_text, body_html)
  SELECT e->>'to', uid, e->>'template', e->>'subject', e->>'text', e->>'html'
  FROM jsonb_array_elements(doc->'emails') e;
  WITH created AS (
    INSERT INTO notifications (user_id, kind, title, body, link)
    SELECT uid, m->>'kind', m->>'title', coalesce(m->>'body', ''), m->>'link'
    FROM jsonb_array_elements(doc->'notifications') m
    UNION ALL
    SELECT p.id, doc#>>'{staff_notification,kind}', doc#>>'{staff_notification,title}',
      coalesce(doc#>>'{staff_notification,body}', ''), doc#>>'{staff_notification,link}'
    FROM profiles p
    WHERE doc->'staff_notification' IS NOT NULL AND jsonb_typeof(doc->'staff_notification') = 'object'
      AND p.tipo_usuario IN ('admin', 'operador') AND p.blocked_at IS NULL
    RETURNING id, user_id)
  SELECT coalesce(jsonb_agg(jsonb_build_object('user_id', user_id, 'id', id)), '[]'::jsonb)
  INTO announced FROM created;

  -- The reservations, on the slots locked above; one committed by someone else after our snapshot
  -- fails on the exclusion constraint and the next turn looks for another.
  FOR item IN SELECT value FROM jsonb_array_elements(doc->'items') LOOP
    FOR tower IN SELECT value FROM jsonb_array_elements(item->'towers') LOOP
      attempts := 0;
      k := k + 1;
      free_slot := picked[k];
      LOOP
        IF attempts > 0 THEN
          SELECT s.slot INTO free_slot FROM tower_slots s
          WHERE s.tower_id = (tower->>'id')::uuid
            AND NOT EXISTS (
              SELECT 1 FROM reservations r
              WHERE r.tower_id = s.tower_id AND r.slot = s.slot AND r.status <> 'liberada'
                AND daterange(r.starts_on, r.ends_on) && daterange((item->>'start')::date, (item->>'end')::date))
          ORDER BY s.slot LIMIT 1 FOR UPDATE SKIP LOCKED;
        END IF;
        IF free_slot IS NULL OR attempts >= 10 THEN
          RAISE EXCEPTION USING ERRCODE = 'U0001', MESSAGE = 'sem_vaga', DETAIL = tower->>'id';
        END IF;
        BEGIN
          -- The exclusion constraint reservations_no_double_booking is the final guard.
          INSERT INTO reservations (tower_id, product_id, latitude, longitude, slot, starts_on, ends_on,
            hold_expires_at, status, order_item_id)
          SELECT (tower->>'id')::uuid, p.id, p.latitude, p.longitude, free_slot, (item->>'start')::date,
            (item->>'end')::date, (o->>'expires_at')::timestamptz, 'pendente', (item->>'id')::uuid
          FROM products p WHERE p.id = (item->>'product_id')::uuid;
          EXIT;
        EXCEPTION WHEN exclusion_violation THEN
          attempts := attempts + 1;
        END;
      END LOOP;
    END LOOP;
  END LOOP;

  -- Limits last (the look before, checkUnpaidLimits in apps/api/src/services/orders/quote.ts, saw
  -- them without locks), under advisory locks held from here to the commit; this order is not counted.
  IF lim IS NULL OR jsonb_typeof(lim) <> 'object'
     OR EXISTS (SELECT 1 FROM order_limit_exemptions x WHERE x.user_id = uid) THEN
    RETURN jsonb_build_object('written', announced, 'detail', order_detail(oid, uid));
  END IF;
  -- Both locks before the counts, always in this order (customer, then address), so the counts read
  -- what every other checkout of the same customer or address committed.
  PERFORM pg_advisory_xact_lock(hashtext('pedidos:usuario:' || uid::text));
  IF o->>'client_ip' IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('pedidos:ip:' || (o->>'client_ip')));
  END IF;
  counts := unpaid_held(uid, o->>'client_ip', oid);
  IF (counts->>'orders')::int >= (lim->>'per_account')::int THEN
    RAISE EXCEPTION USING ERRCODE = 'U0001', MESSAGE = 'limite_pedidos';
  END IF;
  held := (counts->>'faceWeeks')::int;
  IF held + (lim->>'face_weeks_new')::int > (lim->>'face_weeks')::int THEN
    RAISE EXCEPTION USING ERRCODE = 'U0001', MESSAGE = 'limite_semanas', DETAIL = held::text;
  END IF;
  IF (counts->>'fromIp')::int >= (lim->>'per_ip')::int THEN
    RAISE EXCEPTION USING ERRCODE = 'U0001', MESSAGE = 'limite_ip';
  END IF;
  RETURN jsonb_build_object('written', announced, 'detail', order_detail(oid, uid));
END $$;
