CREATE TABLE "campaign_reports" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"watch_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"change_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_changes_kind_check" CHECK ("watch_changes"."kind" in ('semana_livre', 'preco_baixou'))
);
--> statement-breakpoint
ALTER TABLE "campaign_reports" ADD CONSTRAINT "campaign_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_watches" ADD CONSTRAINT "place_watches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_watches" ADD CONSTRAINT "place_watches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_watches" ADD CONSTRAINT "place_watches_favorite_fk" FOREIGN KEY ("user_id","product_id") REFERENCES "public"."user_favorites"("user_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_watch_id_place_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."place_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_change_id_watch_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."watch_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_changes" ADD CONSTRAINT "watch_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_watches_user_product_key" ON "place_watches" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "place_watches_product_idx" ON "place_watches" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_watch_change_key" ON "watch_alerts" USING btree ("watch_id","change_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_changes_product_key" ON "watch_changes" USING btree ("product_id","change_key");--> statement-breakpoint
CREATE INDEX "watch_changes_pending_idx" ON "watch_changes" USING btree ("created_at") WHERE "watch_changes"."processed_at" is null;--> statement-breakpoint
-- Hand-written (docs/decisions/036-watches-and-campaign-reports.md): every path that gives slots back
-- (cancel, expiry, late payment, a staff hold released or expired) sets reservations.status to 'liberada',
-- and every price edit updates products.daily_price, so the changes are recorded here, in the same
-- transaction, whatever service made them. Only watched places get a row.
CREATE FUNCTION watch_changes_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'liberada' AND OLD.status <> 'liberada'
     AND EXISTS (SELECT 1 FROM place_watches w WHERE w.product_id = NEW.product_id) THEN
    INSERT INTO watch_changes (product_id, kind, change_key, detail)
    VALUES (NEW.product_id, 'semana_livre',
      'semana_livre:' || coalesce(NEW.order_item_id, NEW.hold_id, NEW.id) || ':' || NEW.starts_on,
      jsonb_build_object('starts_on', NEW.starts_on, 'ends_on', NEW.ends_on,
        'order_item_id', NEW.order_item_id, 'hold_id', NEW.hold_id, 'reservation_id', NEW.id))
    ON CONFLICT (product_id, change_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reservations_watch_changes AFTER UPDATE OF status
  ON reservations FOR EACH ROW EXECUTE FUNCTION watch_changes_reservation();
--> statement-breakpoint
CREATE FUNCTION watch_changes_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.daily_price < OLD.daily_price
     AND EXISTS (SELECT 1 FROM place_watches w WHERE w.product_id = NEW.id) THEN
    INSERT INTO watch_changes (product_id, kind, change_key, detail)
    VALUES (NEW.id, 'preco_baixou',
      'preco_baixou:' || OLD.daily_price || '>' || NEW.daily_price || ':' || txid_current(),
      jsonb_build_object('from', OLD.daily_price, 'to', NEW.daily_price))
    ON CONFLICT (product_id, change_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_watch_changes AFTER UPDATE OF daily_price
  ON products FOR EACH ROW EXECUTE FUNCTION watch_changes_price();
--> statement-breakpoint
-- An order reaching "concluido" (its last campaign finished) gets its report, sent once by the worker.
CREATE FUNCTION campaign_reports_on_finish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'concluido' AND OLD.status <> 'concluido' THEN
    INSERT INTO campaign_reports (order_id) VALUES (NEW.id) ON CONFLICT (order_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_campaign_reports AFTER UPDATE OF status
  ON orders FOR EACH ROW EXECUTE FUNCTION campaign_reports_on_finish();
