ALTER TABLE "campaign_runs" ADD COLUMN "early_end_reason" text;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "resent_from_id" uuid;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_resent_from_id_email_log_id_fk" FOREIGN KEY ("resent_from_id") REFERENCES "public"."email_log"("id") ON DELETE set null ON UPDATE no action;
