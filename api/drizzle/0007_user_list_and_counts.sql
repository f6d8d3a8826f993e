-- The user list and the overview statistics at 100k users (issue 6): one index walk per common
-- view (filter + sort, id as tiebreaker), one trigram index for the search, and exact totals per
-- (role, is_active) kept by triggers in the same transaction as every change, so neither the
-- list's total without a search nor the overview's counts rescan the table.
DROP INDEX IF EXISTS "users_created_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_role_created_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_active_created_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "activity_user_action_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_created_at_id_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_active_created_at_id_idx" ON "users" USING btree ("is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_updated_at_id_idx" ON "users" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_last_login_at_id_idx" ON "users" USING btree ("last_login_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_name_sort_id_idx" ON "users" USING btree (lower(coalesce(nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email")),"id");--> statement-breakpoint
CREATE INDEX "users_first_name_lower_id_idx" ON "users" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_lower_id_idx" ON "users" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_active_id_idx" ON "users" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "users_recent_login_idx" ON "users" USING btree ("last_login_at") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(10) || "email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "activity_user_action_created_at_idx" ON "activity" USING btree ("user_id","action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "user_counts" (
  "role" "user_role" NOT NULL,
  "is_active" boolean NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "user_counts_role_is_active_pk" PRIMARY KEY("role","is_active")
);--> statement-breakpoint
INSERT INTO "user_counts" ("role", "is_active", "count")
SELECT "role", "is_active", count(*) FROM "users" GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_count_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" ("role", "is_active", "count")
  SELECT "role", "is_active", count(*) FROM "inserted_users" GROUP BY 1, 2
  ON CONFLICT ("role", "is_active") DO UPDATE SET "count" = "user_counts"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_count_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" AS c SET "count" = c."count" - d."n"
  FROM (SELECT "role", "is_active", count(*) AS "n" FROM "deleted_users" GROUP BY 1, 2) AS d
  WHERE c."role" = d."role" AND c."is_active" = d."is_active";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_count_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" SET "count" = "count" - 1
  WHERE "role" = OLD."role" AND "is_active" = OLD."is_active";
  INSERT INTO "user_counts" ("role", "is_active", "count") VALUES (NEW."role", NEW."is_active", 1)
  ON CONFLICT ("role", "is_active") DO UPDATE SET "count" = "user_counts"."count" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_reset_counts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_counts_insert" AFTER INSERT ON "users"
REFERENCING NEW TABLE AS "inserted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "users_counts_delete" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS "deleted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "users_counts_update" AFTER UPDATE OF "role", "is_active" ON "users" FOR EACH ROW
WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."is_active" IS DISTINCT FROM NEW."is_active")
EXECUTE FUNCTION "users_count_updated"();--> statement-breakpoint
CREATE TRIGGER "users_counts_truncate" AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "users_reset_counts"();
