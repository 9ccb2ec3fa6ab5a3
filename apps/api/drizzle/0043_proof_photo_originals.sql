ALTER TABLE "proof_photos" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "original_sha256" text;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "original_bytes" integer;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "exif_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "exif_latitude" double precision;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "exif_longitude" double precision;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "distance_m" integer;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD COLUMN "outside_period" boolean;