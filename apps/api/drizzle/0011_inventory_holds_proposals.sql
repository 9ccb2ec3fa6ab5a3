CREATE TABLE "inventory_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"weeks" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'ativa' NOT NULL,
	"created_by" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_holds_kind_check" CHECK ("inventory_holds"."kind" in ('bloqueio', 'reserva_tecnica')),
	CONSTRAINT "inventory_holds_status_check" CHECK ("inventory_holds"."status" in ('ativa', 'expirada', 'liberada')),
	CONSTRAINT "inventory_holds_period_check" CHECK ("inventory_holds"."ends_on" > "inventory_holds"."starts_on" and "inventory_holds"."weeks" > 0),
	CONSTRAINT "inventory_holds_customer_check" CHECK ("inventory_holds"."kind" = 'bloqueio' or ("inventory_holds"."customer_id" is not null and "inventory_holds"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "proposal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"towers" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"weeks" integer NOT NULL,
	"list_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "proposal_items_price_check" CHECK ("proposal_items"."price" >= 0 and "proposal_items"."price" <= "proposal_items"."list_price"),
	CONSTRAINT "proposal_items_weeks_check" CHECK ("proposal_items"."weeks" > 0)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"valid_until" date NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('rascunho', 'enviada', 'aceita', 'cancelada')),
	CONSTRAINT "proposals_amounts_check" CHECK ("proposals"."discount" >= 0 and "proposals"."total" >= 0 and "proposals"."subtotal" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory_holds" ADD CONSTRAINT "inventory_holds_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_holds" ADD CONSTRAINT "inventory_holds_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_holds_active_expiry_idx" ON "inventory_holds" USING btree ("expires_at") WHERE "inventory_holds"."status" = 'ativa';--> statement-breakpoint
CREATE INDEX "proposal_items_proposal_idx" ON "proposal_items" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_code_key" ON "proposals" USING btree ("code");--> statement-breakpoint
CREATE INDEX "proposals_customer_idx" ON "proposals" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_hold_idx" ON "reservations" USING btree ("hold_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_check" CHECK ("reservations"."order_item_id" is null or "reservations"."hold_id" is null);--> statement-breakpoint
-- hand-written
-- A block or reserva técnica owns its slots: they go with it (reservations live in catalog.ts, which cannot import inventory.ts).
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hold_fk" FOREIGN KEY ("hold_id") REFERENCES "inventory_holds"("id") ON DELETE CASCADE;
