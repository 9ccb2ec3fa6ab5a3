CREATE FUNCTION orders_insertion_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pi_year int := extract(year FROM (NEW.created_at AT TIME ZONE 'America/Sao_Paulo'))::int;
  pi_seq int;
BEGIN
  INSERT INTO insertion_order_counters (year, last) VALUES (pi_year, 1)
  ON CONFLICT (year) DO UPDATE SET last = insertion_order_counters.last + 1
  RETURNING last INTO pi_seq;
  INSERT INTO insertion_orders (order_id, agency_id, year, seq, number)
  VALUES (NEW.id, NEW.agency_id, pi_year, pi_seq, 'PI-' || pi_year || '-' || lpad(pi_seq::text, 6, '0'));
  RETURN NULL;
END $$;
