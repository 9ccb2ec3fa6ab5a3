CREATE TABLE "media_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"saved_total" bigint NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_plans_name_check" CHECK (char_length("media_plans"."name") between 1 and 120),
	CONSTRAINT "media_plans_saved_total_check" CHECK ("media_plans"."saved_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "media_plans" ADD CONSTRAINT "media_plans_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_plans_user_idx" ON "media_plans" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_plans_share_token_key" ON "media_plans" USING btree ("share_token");