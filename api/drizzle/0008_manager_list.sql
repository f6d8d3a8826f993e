CREATE TABLE "manager_counts" (
	"status" "manager_status" NOT NULL,
	"linked" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "manager_counts_status_linked_pk" PRIMARY KEY("status","linked")
);
--> statement-breakpoint
DROP INDEX "managers_created_at_idx";--> statement-breakpoint
DROP INDEX "managers_status_created_at_idx";--> statement-breakpoint
DROP INDEX "managers_user_id_idx";--> statement-breakpoint
DROP INDEX "managers_email_trgm_idx";--> statement-breakpoint
DROP INDEX "managers_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "managers_last_name_trgm_idx";--> statement-breakpoint
-- Before the unique index: a user account linked to several managers (possible before this
-- migration) stays with the oldest one; e-mails are stored lower-cased from now on.
UPDATE "managers" SET "user_id" = NULL
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS "n"
    FROM "managers" WHERE "user_id" IS NOT NULL
  ) AS "ranked"
  WHERE "n" > 1
);--> statement-breakpoint
UPDATE "managers" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
CREATE UNIQUE INDEX "managers_user_id_key" ON "managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "managers_created_at_id_idx" ON "managers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_status_created_at_id_idx" ON "managers" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_linked_created_at_id_idx" ON "managers" USING btree (("user_id" IS NOT NULL),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_name_lower_id_idx" ON "managers" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "managers_status_name_lower_id_idx" ON "managers" USING btree ("status",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "managers_last_name_lower_id_idx" ON "managers" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "managers_email_id_idx" ON "managers" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "managers_title_lower_id_idx" ON "managers" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "managers_status_id_idx" ON "managers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "managers_updated_at_id_idx" ON "managers" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_search_trgm_idx" ON "managers" USING gin (lower("first_name" || ' ' || "last_name" || chr(10) || "email" || chr(10) || coalesce("title", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Exact manager totals per (status, linked) without COUNT(*) over the table (DESIGN "Data"), kept
-- by triggers in the same transaction as every change (as company_counts, migration 0004). An
-- unlink by ON DELETE SET NULL (a user deleted) is an UPDATE of user_id and is counted too.
INSERT INTO "manager_counts" ("status", "linked", "count")
SELECT "status", "user_id" IS NOT NULL, count(*)
FROM "managers"
GROUP BY 1, 2
ON CONFLICT ("status", "linked") DO UPDATE SET "count" = EXCLUDED."count";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "managers_count_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "manager_counts" ("status", "linked", "count")
  SELECT "status", "user_id" IS NOT NULL, count(*)
  FROM "inserted_managers"
  GROUP BY 1, 2
  ON CONFLICT ("status", "linked") DO UPDATE SET "count" = "manager_counts"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "managers_count_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "manager_counts" AS c
  SET "count" = c."count" - d."n"
  FROM (
    SELECT "status", "user_id" IS NOT NULL AS "linked", count(*) AS "n"
    FROM "deleted_managers"
    GROUP BY 1, 2
  ) AS d
  WHERE c."status" = d."status" AND c."linked" = d."linked";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "managers_count_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "manager_counts" SET "count" = "count" - 1
  WHERE "status" = OLD."status" AND "linked" = (OLD."user_id" IS NOT NULL);
  INSERT INTO "manager_counts" ("status", "linked", "count")
  VALUES (NEW."status", NEW."user_id" IS NOT NULL, 1)
  ON CONFLICT ("status", "linked") DO UPDATE SET "count" = "manager_counts"."count" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "managers_reset_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "manager_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "managers_counts_insert"
AFTER INSERT ON "managers"
REFERENCING NEW TABLE AS "inserted_managers"
FOR EACH STATEMENT
EXECUTE FUNCTION "managers_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "managers_counts_delete"
AFTER DELETE ON "managers"
REFERENCING OLD TABLE AS "deleted_managers"
FOR EACH STATEMENT
EXECUTE FUNCTION "managers_count_deleted"();
--> statement-breakpoint
CREATE TRIGGER "managers_counts_update"
AFTER UPDATE OF "status", "user_id" ON "managers"
FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR (OLD."user_id" IS NULL) <> (NEW."user_id" IS NULL))
EXECUTE FUNCTION "managers_count_updated"();
--> statement-breakpoint
CREATE TRIGGER "managers_counts_truncate"
AFTER TRUNCATE ON "managers"
FOR EACH STATEMENT
EXECUTE FUNCTION "managers_reset_counts"();
