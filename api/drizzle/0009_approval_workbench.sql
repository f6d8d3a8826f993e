CREATE TABLE "approval_counts" (
	"status" "approval_status" NOT NULL,
	"priority" "approval_priority" NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "approval_counts_status_priority_pk" PRIMARY KEY("status","priority")
);
--> statement-breakpoint
DROP INDEX "approvals_created_at_idx";--> statement-breakpoint
DROP INDEX "approvals_status_created_at_idx";--> statement-breakpoint
DROP INDEX "approvals_company_created_at_idx";--> statement-breakpoint
DROP INDEX "approvals_priority_created_at_idx";--> statement-breakpoint
DROP INDEX "approvals_manager_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "approved_amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "company_name" varchar(255);--> statement-breakpoint
UPDATE "approvals" a SET "company_name" = c."name" FROM "companies" c WHERE c."id" = a."company_id";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(company_name, '') || chr(10) || coalesce(manager_name, '') || chr(10) || coalesce(manager_email, '') || chr(10) || jsonb_path_query_array(bills, '$[*].VendorRef.name')::text || chr(10) || jsonb_path_query_array(bills, '$[*].DocNumber')::text)) STORED;--> statement-breakpoint
CREATE INDEX "approvals_created_at_id_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_status_created_at_id_idx" ON "approvals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_company_created_at_id_idx" ON "approvals" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_priority_created_at_id_idx" ON "approvals" USING btree ("priority","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_company_name_lower_id_idx" ON "approvals" USING btree (lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "approvals_status_id_idx" ON "approvals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "approvals_priority_id_idx" ON "approvals" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "approvals_total_bills_id_idx" ON "approvals" USING btree ("total_bills","id");--> statement-breakpoint
CREATE INDEX "approvals_processed_bills_id_idx" ON "approvals" USING btree ("processed_bills","id");--> statement-breakpoint
CREATE INDEX "approvals_total_amount_id_idx" ON "approvals" USING btree ("total_amount_cents","id");--> statement-breakpoint
CREATE INDEX "approvals_manager_name_lower_id_idx" ON "approvals" USING btree (lower("manager_name"),"id");--> statement-breakpoint
CREATE INDEX "approvals_pending_created_at_idx" ON "approvals" USING btree ("created_at") WHERE "approvals"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "approvals_search_trgm_idx" ON "approvals" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "approvals_id_text_idx" ON "approvals" USING btree (("id"::text) text_pattern_ops);;--> statement-breakpoint
-- approval_counts per (status, priority), kept by a trigger in the same transaction as each change
-- (statistics and list totals never COUNT(*) the table).
INSERT INTO "approval_counts" ("status", "priority", "count")
SELECT s.status, p.priority,
  (SELECT count(*) FROM "approvals" a WHERE a."status" = s.status AND a."priority" = p.priority)
FROM unnest(enum_range(NULL::"approval_status")) AS s(status)
CROSS JOIN unnest(enum_range(NULL::"approval_priority")) AS p(priority);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "approvals_track_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."priority" = NEW."priority" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "approval_counts" SET "count" = "count" - 1
    WHERE "status" = OLD."status" AND "priority" = OLD."priority";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "approval_counts" ("status", "priority", "count") VALUES (NEW."status", NEW."priority", 1)
    ON CONFLICT ("status", "priority") DO UPDATE SET "count" = "approval_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "approvals_counts_row"
AFTER INSERT OR DELETE OR UPDATE OF "status", "priority" ON "approvals"
FOR EACH ROW
EXECUTE FUNCTION "approvals_track_counts"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "approvals_reset_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "approval_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "approvals_counts_truncate"
AFTER TRUNCATE ON "approvals"
FOR EACH STATEMENT
EXECUTE FUNCTION "approvals_reset_counts"();
--> statement-breakpoint
-- An approval that reached APPROVED or a later status is a payment record: no DELETE removes it,
-- neither a direct one nor the cascade of a company delete (the API explains with a 409 first;
-- this is the guard that holds whatever the code path). SQLSTATE 23001 restrict_violation.
CREATE OR REPLACE FUNCTION "approvals_keep_payment_records"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" NOT IN ('PENDING', 'REJECTED', 'EXPIRED') THEN
    RAISE EXCEPTION 'approval % is a payment record (%) and cannot be deleted', OLD."id", OLD."status"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "approvals_keep_payment_records"
BEFORE DELETE ON "approvals"
FOR EACH ROW
EXECUTE FUNCTION "approvals_keep_payment_records"();
--> statement-breakpoint
-- SPEC §3 companyName: the copy follows company renames in the same transaction.
CREATE OR REPLACE FUNCTION "companies_rename_approvals"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "approvals" SET "company_name" = NEW."name" WHERE "company_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_rename_approvals"
AFTER UPDATE OF "name" ON "companies"
FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "companies_rename_approvals"();
