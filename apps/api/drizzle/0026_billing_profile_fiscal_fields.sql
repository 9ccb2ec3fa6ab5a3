ALTER TABLE "billing_profiles" ADD COLUMN "ibge_code" text;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "municipal_registration" text;