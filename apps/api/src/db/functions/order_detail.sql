CREATE OR REPLACE FUNCTION order_detail(p_order uuid, p_owner uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'order', to_jsonb(o),
    'coupon_code', (SELECT c.code FROM coupons c WHERE c.id = o.coupon_id),
    'history', coalesce((
      SELECT json_agg(json_build_object('from', h.from_status, 'to', h.to_status, 'actor', h.actor,
        'note', h.note, 'at', h.created_at) ORDER BY h.created_at)
      FROM order_status_history h WHERE h.order_id = o.id), '[]'::json),
    'invoice', (SELECT to_jsonb(i) - 'created_at' - 'updated_at' FROM invoices i WHERE i.order_id = o.id LIMIT 1),
    'credit_note', (SELECT json_build_object('number', n.number, 'amount', n.amount, 'created_at', n.created_at)
      FROM credit_notes n WHERE n.order_id = o.id LIMIT 1),
    'items', coalesce((
      SELECT json_agg(json_build_object(
        'item', to_jsonb(it) - 'created_at',
        'is_tower_based', p.is_tower_based,
        'product_audience', p.weekly_audience,
        'face_slots', (SELECT f.slots FROM towers f WHERE f.product_id = p.id ORDER BY f.name, f.id LIMIT 1),
        'towers', coalesce((
          SELECT json_agg(json_build_object('id', t.tower_id, 'name', t.tower_name, 'audience', tw.weekly_audience,
            'slots', tw.slots)
            ORDER BY t.tower_name, t.tower_id)
          FROM order_item_towers t LEFT JOIN towers tw ON tw.id = t.tower_id
          WHERE t.order_item_id = it.id), '[]'::json)) ORDER BY it.created_at, it.id)
      FROM order_items it LEFT JOIN products p ON p.id = it.product_id
      WHERE it.order_id = o.id), '[]'::json))
  FROM orders o
  WHERE o.id = p_order AND (p_owner IS NULL OR o.user_id = p_owner)
$$;
