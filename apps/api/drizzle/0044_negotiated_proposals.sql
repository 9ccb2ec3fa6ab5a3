CREATE TABLE "proposal_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"prices" jsonb,
	"total" bigint,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_rounds_kind_check" CHECK ("proposal_rounds"."kind" in ('pedido', 'proposta', 'contraproposta', 'aceite', 'recusa')),
	CONSTRAINT "proposal_rounds_side_check" CHECK ("proposal_rounds"."side" in ('cliente', 'equipe')),
	CONSTRAINT "proposal_rounds_total_check" CHECK ("proposal_rounds"."total" is null or "proposal_rounds"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_status_check";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "advertiser_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "request_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "target_budget" bigint;--> statement-breakpoint
ALTER TABLE "proposal_rounds" ADD CONSTRAINT "proposal_rounds_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_rounds" ADD CONSTRAINT "proposal_rounds_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_rounds_position_key" ON "proposal_rounds" USING btree ("proposal_id","position");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('rascunho', 'solicitada', 'enviada', 'contraproposta', 'aceita', 'recusada', 'cancelada'));--> statement-breakpoint
-- The proposals sent before negotiation existed: their offer becomes round 1, their acceptance round 2.
INSERT INTO "proposal_rounds" ("proposal_id", "position", "kind", "side", "actor_id", "actor_name", "prices", "total", "valid_until", "created_at")
SELECT p."id", 1, 'proposta', 'equipe', p."created_by", coalesce(nullif(s."nome_completo", ''), s."email", 'Equipe Urbana'),
  (SELECT jsonb_agg(i."price" ORDER BY i."position") FROM "proposal_items" i WHERE i."proposal_id" = p."id"),
  p."total", p."valid_until", p."sent_at"
FROM "proposals" p LEFT JOIN "profiles" s ON s."id" = p."created_by"
WHERE p."sent_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "proposal_rounds" ("proposal_id", "position", "kind", "side", "actor_id", "actor_name", "total", "created_at")
SELECT p."id", 2, 'aceite', 'cliente', p."customer_id", coalesce(nullif(c."nome_completo", ''), c."email"), p."total", p."accepted_at"
FROM "proposals" p JOIN "profiles" c ON c."id" = p."customer_id"
WHERE p."accepted_at" IS NOT NULL AND p."sent_at" IS NOT NULL;
