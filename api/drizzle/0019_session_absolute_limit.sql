-- A session (refresh-token family) ends at an absolute limit after its sign-in, however often it
-- is refreshed: every token of a family carries the time of that sign-in. Existing families take
-- the creation time of their oldest token still stored (tokens are kept until they expire), so
-- sessions already older than the limit end at this upgrade.
ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_tokens" AS "t" SET "session_started_at" = "f"."started" FROM (SELECT "family_id", min("created_at") AS "started" FROM "refresh_tokens" GROUP BY "family_id") AS "f" WHERE "f"."family_id" = "t"."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_started_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_started_at" SET NOT NULL;
