-- Names copied into history (activity, approvals) are a first and a last name of up to 255
-- characters each joined by a space: 511. At 255 every write by a user or manager with two long
-- names failed (value too long → 500), sign-in included (found by the fuzz suite). Widening a
-- varchar is a catalogue change, except that search_text is generated from manager_name: it is
-- dropped and generated again (with its trigram index), exactly as 0009 defined it.
DROP INDEX "approvals_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "approvals" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "activity" ALTER COLUMN "user_name" SET DATA TYPE varchar(511);--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "manager_name" SET DATA TYPE varchar(511);--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "created_by_name" SET DATA TYPE varchar(511);--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "approved_by" SET DATA TYPE varchar(511);--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "rejected_by" SET DATA TYPE varchar(511);--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(company_name, '') || chr(10) || coalesce(manager_name, '') || chr(10) || coalesce(manager_email, '') || chr(10) || jsonb_path_query_array(bills, '$[*].VendorRef.name')::text || chr(10) || jsonb_path_query_array(bills, '$[*].DocNumber')::text)) STORED;--> statement-breakpoint
CREATE INDEX "approvals_search_trgm_idx" ON "approvals" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);
