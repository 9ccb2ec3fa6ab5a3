CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tower_id" uuid NOT NULL,
	"name" text NOT NULL,
	"resolution" text NOT NULL,
	"orientation" text NOT NULL,
	"loop_seconds" integer NOT NULL,
	"spot_seconds" integer NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"secret" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_orientation_check" CHECK ("players"."orientation" in ('paisagem', 'retrato')),
	CONSTRAINT "players_loop_check" CHECK ("players"."spot_seconds" > 0 and "players"."loop_seconds" >= "players"."spot_seconds")
);
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_tower_id_towers_id_fk" FOREIGN KEY ("tower_id") REFERENCES "public"."towers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_tower_idx" ON "players" USING btree ("tower_id");