CREATE TABLE "house_creatives" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"tower_id" uuid NOT NULL,
	"booking_id" uuid,
	"media_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plays_period_check" CHECK ("plays"."ended_at" >= "plays"."started_at" and "plays"."duration_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "silence_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "house_creatives" ADD CONSTRAINT "house_creatives_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_creatives" ADD CONSTRAINT "house_creatives_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plays_booking_idx" ON "plays" USING btree ("booking_id","started_at");--> statement-breakpoint
CREATE INDEX "plays_player_idx" ON "plays" USING btree ("player_id","started_at");--> statement-breakpoint
-- Proof of play is append-only (issue #43 item 3, decision 101): a play, once recorded, is never changed
-- nor removed.
CREATE OR REPLACE FUNCTION plays_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plays is append-only' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER plays_append_only BEFORE UPDATE OR DELETE ON plays
  FOR EACH ROW EXECUTE FUNCTION plays_append_only();
