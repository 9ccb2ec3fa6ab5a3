CREATE UNIQUE INDEX "towers_id_product_key" ON "towers" USING btree ("id","product_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "product_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "latitude" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "longitude" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tower_product_fk" FOREIGN KEY ("tower_id","product_id") REFERENCES "public"."towers"("id","product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_product_period_idx" ON "reservations" USING btree ("product_id","ends_on","starts_on");--> statement-breakpoint
CREATE INDEX "reservations_place_period_gist_idx" ON "reservations" USING gist (point("longitude", "latitude"),daterange("starts_on", "ends_on"));
