CREATE FUNCTION network_stats_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  screens_of integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'ativo' THEN
    SELECT coalesce(sum(t.screens), 0) INTO screens_of FROM towers t WHERE t.product_id = OLD.id;
    UPDATE network_type_stats SET locations = locations - 1, weekly_audience = weekly_audience - OLD.weekly_audience,
      screens = screens - screens_of WHERE type = OLD.type;
    UPDATE network_city_stats SET locations = locations - 1 WHERE city = OLD.city AND state = OLD.state;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'ativo' THEN
    SELECT coalesce(sum(t.screens), 0) INTO screens_of FROM towers t WHERE t.product_id = NEW.id;
    INSERT INTO network_type_stats (type, locations, weekly_audience, screens)
      VALUES (NEW.type, 1, NEW.weekly_audience, screens_of)
      ON CONFLICT (type) DO UPDATE SET locations = network_type_stats.locations + 1,
        weekly_audience = network_type_stats.weekly_audience + EXCLUDED.weekly_audience,
        screens = network_type_stats.screens + EXCLUDED.screens;
    INSERT INTO network_city_stats (city, state, locations) VALUES (NEW.city, NEW.state, 1)
      ON CONFLICT (city, state) DO UPDATE SET locations = network_city_stats.locations + 1;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
