-- The overview statistics of /users at 100k users (issue 6): "new this month" and "active users
-- who signed in during the last 30 days" counted rows of `users` (a range of up to a month of
-- sign-ups and a range of 30 days of sign-ins: 2k and 17k index entries, each checked in the heap).
-- Now both read small tables kept exact by triggers in the same transaction as every change:
--
-- * user_created_months: users per UTC calendar month of created_at. "New this month" is one row.
-- * user_login_days: ACTIVE users per UTC day of their last sign-in. A sliding 30-day window is not
--   a counter, but it is the whole days after the day the window starts in (at most 30 rows) plus
--   the part of that first day inside the window, which users_recent_login_idx counts as a range of
--   at most one day of sign-ins.
--
-- A sign-in moves its user from the day of the previous sign-in to today; the user's first sign-in
-- of a day is the only one that writes a count row.
CREATE TABLE "user_created_months" (
  "month" date PRIMARY KEY NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "user_login_days" (
  "day" date PRIMARY KEY NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "user_created_months" ("month", "count")
SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "users" GROUP BY 1;--> statement-breakpoint
INSERT INTO "user_login_days" ("day", "count")
SELECT ("last_login_at" AT TIME ZONE 'UTC')::date, count(*) FROM "users"
WHERE "is_active" AND "last_login_at" IS NOT NULL GROUP BY 1;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_overview_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_created_months" ("month", "count")
  SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "inserted_users" GROUP BY 1
  ON CONFLICT ("month") DO UPDATE SET "count" = "user_created_months"."count" + EXCLUDED."count";
  INSERT INTO "user_login_days" ("day", "count")
  SELECT ("last_login_at" AT TIME ZONE 'UTC')::date, count(*) FROM "inserted_users"
  WHERE "is_active" AND "last_login_at" IS NOT NULL GROUP BY 1
  ON CONFLICT ("day") DO UPDATE SET "count" = "user_login_days"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_overview_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_created_months" AS c SET "count" = c."count" - d."n"
  FROM (
    SELECT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", count(*) AS "n"
    FROM "deleted_users" GROUP BY 1
  ) AS d
  WHERE c."month" = d."month";
  UPDATE "user_login_days" AS c SET "count" = c."count" - d."n"
  FROM (
    SELECT ("last_login_at" AT TIME ZONE 'UTC')::date AS "day", count(*) AS "n"
    FROM "deleted_users" WHERE "is_active" AND "last_login_at" IS NOT NULL GROUP BY 1
  ) AS d
  WHERE c."day" = d."day";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_overview_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_month date := date_trunc('month', OLD."created_at" AT TIME ZONE 'UTC')::date;
  new_month date := date_trunc('month', NEW."created_at" AT TIME ZONE 'UTC')::date;
  -- NULL when the row is not counted in user_login_days (inactive or never signed in).
  old_day date := CASE WHEN OLD."is_active" THEN (OLD."last_login_at" AT TIME ZONE 'UTC')::date END;
  new_day date := CASE WHEN NEW."is_active" THEN (NEW."last_login_at" AT TIME ZONE 'UTC')::date END;
BEGIN
  IF old_month IS DISTINCT FROM new_month THEN
    UPDATE "user_created_months" SET "count" = "count" - 1 WHERE "month" = old_month;
    INSERT INTO "user_created_months" ("month", "count") VALUES (new_month, 1)
    ON CONFLICT ("month") DO UPDATE SET "count" = "user_created_months"."count" + 1;
  END IF;
  IF old_day IS DISTINCT FROM new_day THEN
    IF old_day IS NOT NULL THEN
      UPDATE "user_login_days" SET "count" = "count" - 1 WHERE "day" = old_day;
    END IF;
    IF new_day IS NOT NULL THEN
      INSERT INTO "user_login_days" ("day", "count") VALUES (new_day, 1)
      ON CONFLICT ("day") DO UPDATE SET "count" = "user_login_days"."count" + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_overview_reset"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_created_months";
  DELETE FROM "user_login_days";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_overview_insert" AFTER INSERT ON "users"
REFERENCING NEW TABLE AS "inserted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_overview_inserted"();--> statement-breakpoint
CREATE TRIGGER "users_overview_delete" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS "deleted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_overview_deleted"();--> statement-breakpoint
CREATE TRIGGER "users_overview_update" AFTER UPDATE OF "created_at", "is_active", "last_login_at" ON "users" FOR EACH ROW
WHEN (
  OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."is_active" IS DISTINCT FROM NEW."is_active"
  OR OLD."last_login_at" IS DISTINCT FROM NEW."last_login_at"
)
EXECUTE FUNCTION "users_overview_updated"();--> statement-breakpoint
CREATE TRIGGER "users_overview_truncate" AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "users_overview_reset"();
