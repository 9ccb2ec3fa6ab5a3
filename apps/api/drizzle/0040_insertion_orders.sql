CREATE TABLE "insertion_order_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insertion_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_by_name" text,
	"approved_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insertion_orders" ADD CONSTRAINT "insertion_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insertion_orders" ADD CONSTRAINT "insertion_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insertion_orders" ADD CONSTRAINT "insertion_orders_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insertion_orders_order_key" ON "insertion_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insertion_orders_number_key" ON "insertion_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "insertion_orders_year_seq_key" ON "insertion_orders" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "insertion_orders_agency_idx" ON "insertion_orders" USING btree ("agency_id");--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER orders_insertion_order AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.agency_id IS NOT NULL) EXECUTE FUNCTION orders_insertion_order();
--> statement-breakpoint
INSERT INTO insertion_orders (order_id, agency_id, year, seq, number, created_at)
SELECT id, agency_id, y, n, 'PI-' || y || '-' || lpad(n::text, 6, '0'), created_at FROM (
  SELECT o.id, o.agency_id, o.created_at,
    extract(year FROM (o.created_at AT TIME ZONE 'America/Sao_Paulo'))::int AS y,
    row_number() OVER (
      PARTITION BY extract(year FROM (o.created_at AT TIME ZONE 'America/Sao_Paulo'))
      ORDER BY o.created_at, o.id)::int AS n
  FROM orders o WHERE o.agency_id IS NOT NULL) numbered;
--> statement-breakpoint
INSERT INTO insertion_order_counters (year, last)
SELECT year, max(seq) FROM insertion_orders GROUP BY year;
