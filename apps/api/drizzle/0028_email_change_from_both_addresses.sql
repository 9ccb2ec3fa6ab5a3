-- Issue #39 item 3 (docs/decisions/071-account-links.md): an e-mail change takes effect only when the
-- link sent to the new address and the one sent to the old address are both opened. Requests still
-- pending were made under the old rule (the new address alone) and had no link to the old address,
-- so they are closed: the person asks again and gets both links.
ALTER TABLE "email_changes" ADD COLUMN "old_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "new_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "old_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_old_token_hash_key" ON "email_changes" USING btree ("old_token_hash");--> statement-breakpoint
UPDATE "email_changes" SET "used_at" = now() WHERE "used_at" IS NULL;