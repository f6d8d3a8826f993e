-- The money rules about people read "the accounts this person registered" (users.created_by) on
-- every approvals list page, 'Waiting for me' count and decision: without an index each of those
-- statements scanned the whole users table, several times (once per sub-select naming it).
CREATE INDEX IF NOT EXISTS "users_created_by_idx" ON "users" ("created_by") WHERE "created_by" IS NOT NULL;
