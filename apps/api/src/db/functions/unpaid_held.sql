CREATE FUNCTION unpaid_held(p_user uuid, p_ip text, p_except uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'orders', (SELECT (count(*) FILTER (WHERE o.id IS DISTINCT FROM p_except AND o.expires_at > now()))::int
      FROM orders o WHERE o.user_id = p_user AND o.status = 'aguardando_pagamento'),
    'faceWeeks', (SELECT coalesce(sum(i.tower_count * i.weeks)
        FILTER (WHERE o.id IS DISTINCT FROM p_except AND o.expires_at > now()), 0)::int
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.user_id = p_user AND o.status = 'aguardando_pagamento'),
    'fromIp', CASE WHEN p_ip IS NOT NULL THEN
      (SELECT (count(*) FILTER (WHERE o.id IS DISTINCT FROM p_except AND o.expires_at > now()))::int
        FROM orders o WHERE o.client_ip = p_ip AND o.status = 'aguardando_pagamento') END)
$$;
