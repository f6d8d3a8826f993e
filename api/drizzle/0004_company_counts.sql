-- Exact company totals per (status, QuickBooks status) without COUNT(*) over the table (DESIGN
-- "Data"): the company list answers the total of any status / QuickBooks filter without a search
-- from these at most 12 rows. Triggers keep them in the same transaction as every change; inserts
-- and deletes are counted per statement (transition tables), so a bulk seed of 100k rows costs one
-- upsert per batch, not one per row.
INSERT INTO "company_counts" ("status", "qb_status", "count")
SELECT "status", COALESCE("qb_connection_status", 'none'), count(*)
FROM "companies"
GROUP BY 1, 2
ON CONFLICT ("status", "qb_status") DO UPDATE SET "count" = EXCLUDED."count";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_count_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_counts" ("status", "qb_status", "count")
  SELECT "status", COALESCE("qb_connection_status", 'none'), count(*)
  FROM "inserted_companies"
  GROUP BY 1, 2
  ON CONFLICT ("status", "qb_status") DO UPDATE SET "count" = "company_counts"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_count_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_counts" AS c
  SET "count" = c."count" - d."n"
  FROM (
    SELECT "status", COALESCE("qb_connection_status", 'none') AS "qb_status", count(*) AS "n"
    FROM "deleted_companies"
    GROUP BY 1, 2
  ) AS d
  WHERE c."status" = d."status" AND c."qb_status" = d."qb_status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_count_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_counts" SET "count" = "count" - 1
  WHERE "status" = OLD."status" AND "qb_status" = COALESCE(OLD."qb_connection_status", 'none');
  INSERT INTO "company_counts" ("status", "qb_status", "count")
  VALUES (NEW."status", COALESCE(NEW."qb_connection_status", 'none'), 1)
  ON CONFLICT ("status", "qb_status") DO UPDATE SET "count" = "company_counts"."count" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_reset_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_counts_insert"
AFTER INSERT ON "companies"
REFERENCING NEW TABLE AS "inserted_companies"
FOR EACH STATEMENT
EXECUTE FUNCTION "companies_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "companies_counts_delete"
AFTER DELETE ON "companies"
REFERENCING OLD TABLE AS "deleted_companies"
FOR EACH STATEMENT
EXECUTE FUNCTION "companies_count_deleted"();
--> statement-breakpoint
CREATE TRIGGER "companies_counts_update"
AFTER UPDATE OF "status", "qb_connection_status" ON "companies"
FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."qb_connection_status" IS DISTINCT FROM NEW."qb_connection_status")
EXECUTE FUNCTION "companies_count_updated"();
--> statement-breakpoint
CREATE TRIGGER "companies_counts_truncate"
AFTER TRUNCATE ON "companies"
FOR EACH STATEMENT
EXECUTE FUNCTION "companies_reset_counts"();
