-- The full sync pages by key, not by position: each page asks for the ids after the last one
-- read (`where Id > '<after_id>' ORDERBY Id`). A bill that leaves the unpaid set between two
-- pages (paid or deleted in QuickBooks) then moves nothing, where with STARTPOSITION every later
-- bill moved one place down and one was never read. NULL: the phase starts at its first id.
ALTER TABLE "qb_sync_state" ADD COLUMN IF NOT EXISTS "after_id" varchar(20);
--> statement-breakpoint
-- The QuickBooks company whose vendors and bills the company holds. QuickBooks ids are unique only
-- within one QuickBooks company, and imported bills, paid bills, duplicate keys, vendor matches and
-- bill payments are all keyed by them: once a company holds another realm's data, connecting it to
-- a different realm is refused. Filled from the connected realm, or else from the last connect in
-- the company's history (a disconnect forgets the realm on the company row).
ALTER TABLE "qb_sync_state" ADD COLUMN IF NOT EXISTS "realm_id" varchar(32);--> statement-breakpoint
UPDATE "qb_sync_state" AS "state"
SET "realm_id" = coalesce(
  "company"."qb_realm_id",
  (
    SELECT "entry"."details" ->> 'realmId'
    FROM "activity" AS "entry"
    WHERE "entry"."entity_type" = 'company'
      AND "entry"."entity_id" = "company"."id"::text
      AND "entry"."action" = 'company.qb_connected'
    ORDER BY "entry"."created_at" DESC
    LIMIT 1
  )
)
FROM "companies" AS "company"
WHERE "company"."id" = "state"."company_id" AND "state"."realm_id" IS NULL;
