-- The queue of someone whose role no step names (a USER): the approvals that name one of their own
-- keys (their id, a company slot they hold, someone they stand in for). Read through the partial
-- GIN index on waiting_for, the statement had to be planned on every request with the keys as
-- values: its kept plan could not see them and walked every waiting approval instead (17 ms at a
-- million). On coalesce(waiting_for, '{}'), which implies nothing about waiting_for being set, the
-- waiting approvals' partial indexes cannot serve that condition, so the one plan left is this
-- index's bitmap of the keys, whatever their number: one prepared statement whose plan PostgreSQL
-- keeps, the keys computed inside it (queue_keys). An approval waiting for nobody is one empty
-- entry here, never read by an overlap.
CREATE INDEX IF NOT EXISTS "approvals_waiting_any_idx" ON "approvals" USING gin (coalesce("waiting_for", '{}'::text[])) WITH (fastupdate = false);
