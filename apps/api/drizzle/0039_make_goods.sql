CREATE TABLE "make_goods" (
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"booked_plays" integer NOT NULL,
	"delivered_plays" integer NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"credit" bigint,
	"coupon_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone,
	CONSTRAINT "make_goods_status_check" CHECK ("make_goods"."status" in ('pendente', 'concedida')),
	CONSTRAINT "make_goods_granted_check" CHECK ("make_goods"."status" = 'pendente' or ("make_goods"."credit" > 0 and "make_goods"."granted_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "make_goods" ADD CONSTRAINT "make_goods_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_goods" ADD CONSTRAINT "make_goods_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_goods" ADD CONSTRAINT "make_goods_granted_by_profiles_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;