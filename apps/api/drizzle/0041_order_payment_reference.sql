ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_data" jsonb;--> statement-breakpoint
-- Existing orders stay readable (decision 112): the txid becomes the charge's reference, the BR Code
-- the charge's data. An invoiced order with no charge at a provider had a txid nobody could pay: none now.
UPDATE "orders" SET
  "payment_reference" = CASE WHEN "payment_method" = 'faturado' AND "payment_provider" IS NULL THEN NULL ELSE "pix_txid" END,
  "payment_data" = CASE WHEN "pix_payload" IS NULL THEN NULL ELSE jsonb_build_object('pix_copia_e_cola', "pix_payload") END;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference_key" ON "orders" USING btree ("payment_reference");