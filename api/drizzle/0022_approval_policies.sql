-- Approval policies: per company, versioned. A saved policy is never changed; saving makes the next
-- version, and an approval keeps the version (and rule) it started with. A company without a row
-- follows the built-in default (version 0).
CREATE TABLE "approval_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" varchar(511),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_company_version_key" ON "approval_policies" USING btree ("company_id","version");--> statement-breakpoint
-- How long a step waits before its approvers are widened to the ADMINs.
ALTER TABLE "companies" ADD COLUMN "escalation_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
-- Out of office: during [away_from, away_until) the delegate may decide the person's steps.
ALTER TABLE "users" ADD COLUMN "away_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delegate_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "users_delegate_id_idx" ON "users" USING btree ("delegate_id") WHERE "delegate_id" IS NOT NULL;--> statement-breakpoint
-- Where an approval is in its chain: the policy version and rule it follows, its current step
-- (1-based; null once decided) and a copy of that step's label, so the list shows it without a join.
ALTER TABLE "approvals" ADD COLUMN "policy_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "policy_rule" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "current_step" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "step_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "current_step_label" text;--> statement-breakpoint
-- Set when nobody active could satisfy the current step (it was escalated at once); cleared when the step is decided.
ALTER TABLE "approvals" ADD COLUMN "stuck" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "approvals_stuck_idx" ON "approvals" USING btree ("created_at") WHERE "stuck" AND "status" = 'PENDING';--> statement-breakpoint
-- The steps of each approval, one row each. Who a step names is kept both as the policy wrote it
-- (approvers) and flattened into arrays the reviewer's queue searches through partial indexes on
-- the open steps only: a user id, a role, or an assignee of the company.
CREATE TABLE "approval_steps" (
	"approval_id" uuid NOT NULL REFERENCES "approvals"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"company_id" integer NOT NULL,
	"mode" varchar(3) NOT NULL,
	"approvers" jsonb NOT NULL,
	"label" text NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"assignees" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" varchar(8) DEFAULT 'WAITING' NOT NULL,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "approval_steps_pk" PRIMARY KEY ("approval_id","position"),
	CONSTRAINT "approval_steps_state_check" CHECK ("state" IN ('WAITING', 'OPEN', 'DONE', 'CLOSED')),
	CONSTRAINT "approval_steps_mode_check" CHECK ("mode" IN ('ANY', 'ALL'))
);--> statement-breakpoint
CREATE INDEX "approval_steps_open_users_idx" ON "approval_steps" USING gin ("user_ids") WITH (fastupdate = false) WHERE "state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "approval_steps_open_roles_idx" ON "approval_steps" USING gin ("roles") WITH (fastupdate = false) WHERE "state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "approval_steps_open_company_idx" ON "approval_steps" USING btree ("company_id") WHERE "state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "approval_steps_open_opened_at_idx" ON "approval_steps" USING btree ("opened_at") WHERE "state" = 'OPEN' AND "escalated_at" IS NULL;--> statement-breakpoint
-- Each approve decision of a step. One person approves at most one step of an approval: the
-- unique index decides it even between two concurrent requests. `on_behalf_of` is the absent
-- approver a delegate decided for.
CREATE TABLE "approval_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"approval_id" uuid NOT NULL REFERENCES "approvals"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"user_name" varchar(511),
	"on_behalf_of" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"on_behalf_of_name" varchar(511),
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_approval_user_key" ON "approval_decisions" USING btree ("approval_id","user_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_user_idx" ON "approval_decisions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_on_behalf_of_idx" ON "approval_decisions" USING btree ("on_behalf_of") WHERE "on_behalf_of" IS NOT NULL;--> statement-breakpoint
-- Approvals pending before policies existed follow the default policy from now on: step 1 (the
-- company's approver, a MODERATOR or an ADMIN), and from $10,000 step 2 (an ADMIN).
INSERT INTO "approval_steps" ("approval_id","position","company_id","mode","approvers","label","roles","assignees","state","opened_at")
SELECT "id", 1, "company_id", 'ANY', '[{"kind":"assignee","assignee":"approver"},{"kind":"role","role":"MODERATOR"},{"kind":"role","role":"ADMIN"}]'::jsonb,
	'the company''s approver, any MODERATOR or any ADMIN', '{MODERATOR,ADMIN}', '{approver}', 'OPEN', "created_at"
FROM "approvals" WHERE "status" = 'PENDING';--> statement-breakpoint
INSERT INTO "approval_steps" ("approval_id","position","company_id","mode","approvers","label","roles","state")
SELECT "id", 2, "company_id", 'ANY', '[{"kind":"role","role":"ADMIN"}]'::jsonb, 'any ADMIN', '{ADMIN}', 'WAITING'
FROM "approvals" WHERE "status" = 'PENDING' AND "total_amount_cents" >= 1000000;--> statement-breakpoint
UPDATE "approvals" SET "policy_rule" = CASE WHEN "total_amount_cents" >= 1000000 THEN 1 ELSE 2 END,
	"step_count" = CASE WHEN "total_amount_cents" >= 1000000 THEN 2 ELSE 1 END,
	"current_step" = 1, "current_step_label" = 'the company''s approver, any MODERATOR or any ADMIN'
WHERE "status" = 'PENDING';
