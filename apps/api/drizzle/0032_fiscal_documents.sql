CREATE TABLE "dps_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"series" text,
	"number" bigint,
	"id_dps" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dps_xml" text,
	"chave_acesso" text,
	"nfse_xml" text,
	"issued_at" timestamp with time zone,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"cancel_state" text,
	"cancel_reason" text,
	"cancel_xml" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_documents_status_check" CHECK ("fiscal_documents"."status" in ('nao_emitida', 'pendente', 'emitida', 'recusada', 'cancelada')),
	CONSTRAINT "fiscal_documents_cancel_state_check" CHECK ("fiscal_documents"."cancel_state" is null or "fiscal_documents"."cancel_state" in ('pendente', 'recusado', 'substituir')),
	CONSTRAINT "fiscal_documents_numbered_check" CHECK ("fiscal_documents"."status" = 'nao_emitida' or ("fiscal_documents"."series" is not null and "fiscal_documents"."number" is not null and "fiscal_documents"."id_dps" is not null) or ("fiscal_documents"."status" = 'cancelada' and "fiscal_documents"."chave_acesso" is null)),
	CONSTRAINT "fiscal_documents_issued_check" CHECK ("fiscal_documents"."status" <> 'emitida' or ("fiscal_documents"."chave_acesso" is not null and "fiscal_documents"."nfse_xml" is not null))
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_order_key" ON "fiscal_documents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_series_number_key" ON "fiscal_documents" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_id_dps_key" ON "fiscal_documents" USING btree ("id_dps");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_chave_key" ON "fiscal_documents" USING btree ("chave_acesso");--> statement-breakpoint
CREATE INDEX "fiscal_documents_work_idx" ON "fiscal_documents" USING btree ("next_attempt_at") WHERE "fiscal_documents"."status" = 'pendente' or "fiscal_documents"."cancel_state" = 'pendente';--> statement-breakpoint
CREATE INDEX "fiscal_documents_status_idx" ON "fiscal_documents" USING btree ("status","created_at");