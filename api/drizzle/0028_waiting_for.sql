-- The reviewer's queue ('Waiting for me') as an index walk: who may decide an approval's current
-- step, flattened onto the approval row itself as keys ('u:<user id>', 'r:<role>',
-- 'a:<company id>:<assignee>'), so the queue's page walks an index in the list's order with
-- `waiting_for && <the person's keys>` as a cheap row filter (LIMIT stops it after about a page for
-- an ADMIN, whom nearly every pending approval waits for), and a person named on few approvals is
-- found through the GIN index instead. Assignees are kept as the company's slot, not as the user in
-- it: reassigning a company's approver rewrites no approval (the person's keys name the slots they
-- hold when they ask). NULL unless the approval is PENDING with an open step: the queue then needs
-- no status filter, and the keys' statistics (NULLs aside) are those of the waiting approvals alone,
-- so PostgreSQL estimates a person's share of the queue right and picks the walk or the bitmap by it.
ALTER TABLE "approvals" ADD COLUMN "waiting_for" text[];--> statement-breakpoint
-- The keys of the open step of each of these approvals (NULL without one, or once not PENDING),
-- written only where they differ. Called by the triggers below, so every write of a step (creation,
-- decision, escalation, the stuck re-check, closing) keeps its approval's keys in the same transaction.
CREATE FUNCTION "approvals_refresh_waiting_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "approvals" a SET "waiting_for" = CASE WHEN a."status" = 'PENDING' THEN w.keys END
  FROM (
    SELECT c.id, (
      SELECT array(SELECT 'u:' || x FROM unnest(s."user_ids") x)
        || array(SELECT 'r:' || x FROM unnest(s."roles") x)
        || array(SELECT 'a:' || s."company_id" || ':' || x FROM unnest(s."assignees") x)
      FROM "approval_steps" s
      WHERE s."approval_id" = c.id AND s."state" = 'OPEN'
      ORDER BY s."position"
      LIMIT 1
    ) AS keys
    FROM unnest(ids) AS c(id)
  ) w
  WHERE a."id" = w.id
    AND a."waiting_for" IS DISTINCT FROM CASE WHEN a."status" = 'PENDING' THEN w.keys END
$$;--> statement-breakpoint
-- Statement triggers with transition tables: one refresh per statement, however many steps it
-- wrote (the scale seed inserts a million steps in one statement).
CREATE FUNCTION "approval_steps_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "approvals_refresh_waiting_for"(array(SELECT DISTINCT "approval_id" FROM new_steps));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "approval_steps_inserted" AFTER INSERT ON "approval_steps"
  REFERENCING NEW TABLE AS new_steps FOR EACH STATEMENT EXECUTE FUNCTION "approval_steps_inserted"();--> statement-breakpoint
CREATE TRIGGER "approval_steps_updated" AFTER UPDATE ON "approval_steps"
  REFERENCING NEW TABLE AS new_steps FOR EACH STATEMENT EXECUTE FUNCTION "approval_steps_inserted"();--> statement-breakpoint
CREATE FUNCTION "approval_steps_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "approvals_refresh_waiting_for"(array(SELECT DISTINCT "approval_id" FROM old_steps));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "approval_steps_deleted" AFTER DELETE ON "approval_steps"
  REFERENCING OLD TABLE AS old_steps FOR EACH STATEMENT EXECUTE FUNCTION "approval_steps_deleted"();--> statement-breakpoint
-- An approval that leaves PENDING (approved, rejected, expired, deleted bills…) waits for nobody,
-- whichever path changed its status.
CREATE FUNCTION "approvals_not_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."waiting_for" := NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "approvals_not_waiting" BEFORE UPDATE ON "approvals"
  FOR EACH ROW WHEN (NEW."status" <> 'PENDING' AND NEW."waiting_for" IS NOT NULL)
  EXECUTE FUNCTION "approvals_not_waiting"();--> statement-breakpoint
-- The approvals that have steps already.
SELECT "approvals_refresh_waiting_for"(array(SELECT DISTINCT "approval_id" FROM "approval_steps" WHERE "state" = 'OPEN'));--> statement-breakpoint
-- A person named on few approvals: a bitmap of theirs.
CREATE INDEX "approvals_waiting_for_idx" ON "approvals" USING gin ("waiting_for") WITH (fastupdate = false) WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
-- Anyone else (an ADMIN, a MODERATOR): the list's default order over the waiting approvals only,
-- walked newest first until a page (or the badge's cap + 1) matches; the keys and the creator are
-- in the index, so the walk filters without reading the table. (`waiting_for && …` is strict, so
-- it implies the predicate and the index qualifies without a status filter.) Likewise for the
-- other orders below.
CREATE INDEX "approvals_waiting_created_at_id_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("waiting_for", "created_by") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
-- The list's other orders over the waiting approvals only (a few thousand rows where the whole-table
-- index of the same order holds a million, most of them decided long ago): sorted by amount, an
-- ADMIN's page walked about a thousand decided rows of the whole-table index to find ten waiting ones.
CREATE INDEX "approvals_waiting_id_idx" ON "approvals" USING btree ("id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_company_name_lower_id_idx" ON "approvals" USING btree (lower("company_name"), "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_status_id_idx" ON "approvals" USING btree ("status", "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_priority_id_idx" ON "approvals" USING btree ("priority", "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_total_bills_id_idx" ON "approvals" USING btree ("total_bills", "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_processed_bills_id_idx" ON "approvals" USING btree ("processed_bills", "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_total_amount_id_idx" ON "approvals" USING btree ("total_amount_cents", "id") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_waiting_manager_name_lower_id_idx" ON "approvals" USING btree (lower("manager_name"), "id") WHERE "waiting_for" IS NOT NULL;
