CREATE TABLE "network_city_stats" (
	"city" text NOT NULL,
	"state" text NOT NULL,
	"locations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_type_stats" (
	"type" text PRIMARY KEY NOT NULL,
	"locations" integer DEFAULT 0 NOT NULL,
	"weekly_audience" bigint DEFAULT 0 NOT NULL,
	"screens" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "network_city_stats_key" ON "network_city_stats" USING btree ("city","state");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("type","weekly_audience" DESC NULLS LAST,"id") WHERE "products"."status" = 'ativo';--> statement-breakpoint
CREATE INDEX "products_audience_idx" ON "products" USING btree ("weekly_audience" DESC NULLS LAST,"id") WHERE "products"."status" = 'ativo';--> statement-breakpoint
-- hand-written
-- The network figures follow every change of the catalogue, row by row, in the same transaction.
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
--> statement-breakpoint
CREATE TRIGGER products_network_stats AFTER INSERT OR UPDATE OF status, type, city, state, weekly_audience
  ON products FOR EACH ROW EXECUTE FUNCTION network_stats_product();
--> statement-breakpoint
-- Before the delete, while the product's towers (deleted with it by cascade) still count its screens.
CREATE TRIGGER products_network_stats_delete BEFORE DELETE
  ON products FOR EACH ROW EXECUTE FUNCTION network_stats_product();
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER towers_network_stats AFTER INSERT OR DELETE OR UPDATE OF screens, product_id
  ON towers FOR EACH ROW EXECUTE FUNCTION network_stats_tower();
--> statement-breakpoint
INSERT INTO network_type_stats (type, locations, weekly_audience, screens)
  SELECT p.type, count(*), coalesce(sum(p.weekly_audience), 0),
    coalesce(sum((SELECT coalesce(sum(t.screens), 0) FROM towers t WHERE t.product_id = p.id)), 0)
  FROM products p WHERE p.status = 'ativo' GROUP BY p.type;
--> statement-breakpoint
INSERT INTO network_city_stats (city, state, locations)
  SELECT city, state, count(*) FROM products WHERE status = 'ativo' GROUP BY city, state;
