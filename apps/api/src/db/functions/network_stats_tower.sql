CREATE FUNCTION network_stats_tower() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_type text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.type INTO product_type FROM products p WHERE p.id = OLD.product_id AND p.status = 'ativo';
    IF product_type IS NOT NULL THEN
      UPDATE network_type_stats SET screens = screens - OLD.screens WHERE type = product_type;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.type INTO product_type FROM products p WHERE p.id = NEW.product_id AND p.status = 'ativo';
    IF product_type IS NOT NULL THEN
      UPDATE network_type_stats SET screens = screens + NEW.screens WHERE type = product_type;
    END IF;
  END IF;
  RETURN NULL;
END $$;
