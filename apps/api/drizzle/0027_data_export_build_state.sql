ALTER TABLE "data_exports" DROP CONSTRAINT "data_exports_status_check";--> statement-breakpoint
ALTER TABLE "data_exports" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pendente', 'gerando', 'pronto', 'falhou'));