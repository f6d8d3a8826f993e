-- The dashboard's 'decided per day' chart counts the approvals approved and rejected in the last 30
-- days. Partial indexes on each decision time make that two index range reads of the window's
-- decisions instead of a scan of every approval (a million on the scale database); rows not decided
-- (approval_date / rejection_date null) are left out of them.
CREATE INDEX IF NOT EXISTS "approvals_approval_date_idx" ON "approvals" USING btree ("approval_date") WHERE "approvals"."approval_date" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "approvals_rejection_date_idx" ON "approvals" USING btree ("rejection_date") WHERE "approvals"."rejection_date" is not null;
