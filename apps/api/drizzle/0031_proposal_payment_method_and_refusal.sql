ALTER TABLE "proposals" ADD COLUMN "payment_method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "acceptance_error" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "acceptance_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_payment_method_check" CHECK ("proposals"."payment_method" in ('pix', 'faturado'));--> statement-breakpoint
-- Before this migration every proposal offered invoicing to a company: the open ones keep that offer.
UPDATE "proposals" SET "payment_method" = 'faturado'
  WHERE "status" IN ('rascunho', 'enviada')
    AND EXISTS (SELECT 1 FROM "billing_profiles" b WHERE b."user_id" = "proposals"."customer_id" AND b."person_type" = 'pj');
