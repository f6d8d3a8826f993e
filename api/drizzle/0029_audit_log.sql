-- The audit log (GET /api/audit) filters the activity log by person, by action (exact, or a prefix
-- such as 'approval.') and by date, newest first. Each filter is then one index range read in the
-- log's order: the person's rows by (user_id, created_at), an action's by (action, created_at).
-- varchar_pattern_ops lets a prefix (LIKE 'approval.%') be a range of that index whatever the
-- database's collation; equality uses it too. Entity filters use activity_entity_idx, a date range
-- alone activity_created_at_idx.
CREATE INDEX IF NOT EXISTS "activity_user_created_at_idx" ON "activity" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_action_created_at_idx" ON "activity" USING btree ("action" varchar_pattern_ops,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
