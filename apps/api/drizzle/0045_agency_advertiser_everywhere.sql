ALTER TABLE "user_cart" ADD COLUMN "advertiser_id" uuid;--> statement-breakpoint
ALTER TABLE "media_plans" ADD COLUMN "advertiser_id" uuid;--> statement-breakpoint
ALTER TABLE "user_cart" ADD CONSTRAINT "user_cart_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_plans" ADD CONSTRAINT "media_plans_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_agency_created_idx" ON "orders" USING btree ("agency_id","created_at") WHERE "orders"."agency_id" is not null;