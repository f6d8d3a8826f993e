-- The reviewer's queue without an anti-join: who already decided a step of a waiting approval (the
-- decider, and whom they stood in for) is kept beside its keys, so the queue's row filter (and the
-- badge's capped count, a walk of up to a thousand index entries) reads both from the index entry
-- instead of probing approval_decisions once per entry. A person may approve one step only: the
-- queue leaves out an approval whose waiting_decided names them or anyone they stand in for now.
-- NULL exactly when waiting_for is (not PENDING, or no open step), '{}' before any decision.
ALTER TABLE "approvals" ADD COLUMN "waiting_decided" integer[];--> statement-breakpoint
-- As in 0028 (the keys of the open step, NULL unless PENDING), plus the deciders; written only where
-- either differs.
CREATE OR REPLACE FUNCTION "approvals_refresh_waiting_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "approvals" a SET "waiting_for" = v.keys, "waiting_decided" = v.decided
  FROM (
    SELECT w.id, w.keys, CASE WHEN w.keys IS NOT NULL THEN array(
        SELECT d."user_id" FROM "approval_decisions" d
          WHERE d."approval_id" = w.id AND d."user_id" IS NOT NULL
        UNION
        SELECT d."on_behalf_of" FROM "approval_decisions" d
          WHERE d."approval_id" = w.id AND d."on_behalf_of" IS NOT NULL
        ORDER BY 1
      ) END AS decided
    FROM (
      SELECT c.id, CASE WHEN x."status" = 'PENDING' THEN (
        SELECT array(SELECT 'u:' || u FROM unnest(s."user_ids") u)
          || array(SELECT 'r:' || r FROM unnest(s."roles") r)
          || array(SELECT 'a:' || s."company_id" || ':' || n FROM unnest(s."assignees") n)
        FROM "approval_steps" s
        WHERE s."approval_id" = c.id AND s."state" = 'OPEN'
        ORDER BY s."position"
        LIMIT 1
      ) END AS keys
      FROM unnest(ids) AS c(id) JOIN "approvals" x ON x."id" = c.id
    ) w
  ) v
  WHERE a."id" = v.id
    AND (a."waiting_for" IS DISTINCT FROM v.keys OR a."waiting_decided" IS DISTINCT FROM v.decided)
$$;--> statement-breakpoint
-- Every write of a decision (an approval of a step; a chain started again drops them; a deleted
-- user's id set to NULL) refreshes its approvals in the same transaction, as step writes do: a
-- decision that leaves an 'all of' step open changes no step, only who may still decide it. One
-- function for the three triggers: each names its transition table (new rows, or the deleted ones)
-- changed_decisions.
CREATE FUNCTION "approval_decisions_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "approvals_refresh_waiting_for"(array(SELECT DISTINCT "approval_id" FROM changed_decisions));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "approval_decisions_inserted" AFTER INSERT ON "approval_decisions"
  REFERENCING NEW TABLE AS changed_decisions FOR EACH STATEMENT EXECUTE FUNCTION "approval_decisions_written"();--> statement-breakpoint
CREATE TRIGGER "approval_decisions_updated" AFTER UPDATE ON "approval_decisions"
  REFERENCING NEW TABLE AS changed_decisions FOR EACH STATEMENT EXECUTE FUNCTION "approval_decisions_written"();--> statement-breakpoint
CREATE TRIGGER "approval_decisions_deleted" AFTER DELETE ON "approval_decisions"
  REFERENCING OLD TABLE AS changed_decisions FOR EACH STATEMENT EXECUTE FUNCTION "approval_decisions_written"();--> statement-breakpoint
-- Leaving PENDING empties both.
CREATE OR REPLACE FUNCTION "approvals_not_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."waiting_for" := NULL;
  NEW."waiting_decided" := NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The approvals waiting now.
SELECT "approvals_refresh_waiting_for"(array(SELECT "id" FROM "approvals" WHERE "waiting_for" IS NOT NULL));--> statement-breakpoint
-- The default order's walk (the page of an ADMIN or a MODERATOR, and every badge count) filters on
-- the keys, the creator and the deciders without reading the table.
DROP INDEX "approvals_waiting_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "approvals_waiting_created_at_id_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("waiting_for", "waiting_decided", "created_by") WHERE "waiting_for" IS NOT NULL;
