-- A saved approval policy is a change waiting for a second person: the company follows its current
-- version until an ADMIN other than the author confirms the change. One change waits per company
-- (saving again replaces it, under a new id, so a confirmation names the one it reviewed). A
-- change whose author's account is deleted goes with it: nobody would be left to tell the
-- confirming ADMIN apart from the author.
CREATE TABLE "approval_policy_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"base_version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"escalation_hours" integer,
	"proposed_by" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"proposed_by_name" varchar(511) NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policy_changes_company_key" ON "approval_policy_changes" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "approval_policy_changes_proposed_by_idx" ON "approval_policy_changes" USING btree ("proposed_by");--> statement-breakpoint
-- Who confirmed each version (versions saved before confirmation existed have none).
ALTER TABLE "approval_policies" ADD COLUMN "confirmed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "confirmed_by_name" varchar(511);
