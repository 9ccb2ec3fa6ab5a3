CREATE FUNCTION search_map_cells_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The rows that change the counts, as (sign, latitude, longitude, type): -1 for an active row that
  -- left, +1 for one that came; an update counts only when the place, type or status changed.
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, latitude, longitude, type FROM new_rows WHERE status = ''ativo'''
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, latitude, longitude, type FROM old_rows WHERE status = ''ativo'''
    ELSE 'SELECT s.sign, s.latitude, s.longitude, s.type FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (-1, o.latitude, o.longitude, o.type, o.status),
        (1, n.latitude, n.longitude, n.type, n.status)) s(sign, latitude, longitude, type, status)
      WHERE (o.latitude, o.longitude, o.type, o.status) IS DISTINCT FROM (n.latitude, n.longitude, n.type, n.status)
        AND s.status = ''ativo'''
  END;
BEGIN
  -- In key order, so that two transactions touching the same cells lock them in the same order.
  EXECUTE format($sql$
    INSERT INTO search_map_cells AS c (size, y, x, type, n, lat_sum, lng_sum)
    SELECT z.size, floor(d.latitude * z.size)::int, floor(d.longitude * z.size)::int, d.type,
      sum(d.sign)::int, sum(d.sign * d.latitude), sum(d.sign * d.longitude)
    FROM (%s) d CROSS JOIN (VALUES (4::smallint), (64::smallint)) z(size)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (size, y, x, type) DO UPDATE SET n = c.n + EXCLUDED.n,
      lat_sum = c.lat_sum + EXCLUDED.lat_sum, lng_sum = c.lng_sum + EXCLUDED.lng_sum$sql$, delta);
  RETURN NULL;
END $$;
