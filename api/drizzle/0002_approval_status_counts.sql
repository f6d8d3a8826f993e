-- Exact per-status approval totals without COUNT(*) over the table (DESIGN "Data"): the trigger
-- runs in the same transaction as every insert, status change and delete of an approval.
INSERT INTO "approval_status_counts" ("status", "count")
SELECT s.status, (SELECT count(*) FROM "approvals" a WHERE a."status" = s.status)
FROM unnest(enum_range(NULL::"approval_status")) AS s(status)
ON CONFLICT ("status") DO UPDATE SET "count" = EXCLUDED."count";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "approvals_track_status_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "approval_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "approval_status_counts" ("status", "count") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "count" = "approval_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "approvals_reset_status_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "approval_status_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "approvals_status_counts_row"
AFTER INSERT OR DELETE OR UPDATE OF "status" ON "approvals"
FOR EACH ROW
EXECUTE FUNCTION "approvals_track_status_counts"();
--> statement-breakpoint
CREATE TRIGGER "approvals_status_counts_truncate"
AFTER TRUNCATE ON "approvals"
FOR EACH STATEMENT
EXECUTE FUNCTION "approvals_reset_status_counts"();
