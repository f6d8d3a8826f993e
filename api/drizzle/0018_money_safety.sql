-- Money rules about people, not accounts.
-- Who registered each account, and whether it may decide payments (an account a MODERATOR
-- registers may not until an ADMIN grants it; every account that exists today keeps deciding).
ALTER TABLE "users" ADD COLUMN "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_decide_payments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Dual control of bank accounts: the current details' version, who entered them and when, and who
-- confirmed them (null: pending, no file pays it). Accounts entered before this rule were in use,
-- so they count as confirmed by nobody in particular.
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "changed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "confirmed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "vendor_bank_accounts" SET "changed_at" = "updated_at", "confirmed_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD COLUMN "settlement_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD COLUMN "settlement_changed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD COLUMN "settlement_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD COLUMN "settlement_confirmed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD COLUMN "settlement_confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "company_payment_settings" SET "settlement_version" = 1, "settlement_changed_at" = "updated_at", "settlement_confirmed_at" = "updated_at" WHERE "settlement_account_enc" IS NOT NULL;--> statement-breakpoint
-- Every version of every bank account: who entered it and when. The approve rule reads who changed a
-- vendor's account in the last days from here (a change and a change back are both remembered).
CREATE TABLE "bank_account_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"account_key" varchar(110) NOT NULL,
	"version" integer NOT NULL,
	"routing_number" varchar(9),
	"account_last4" varchar(4),
	"account_type" "bank_account_type",
	"changed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_account_changes_key_version_key" ON "bank_account_changes" USING btree ("company_id","account_key","version");--> statement-breakpoint
CREATE INDEX "bank_account_changes_key_changed_at_idx" ON "bank_account_changes" USING btree ("company_id","account_key","changed_at");--> statement-breakpoint
-- The accounts a decision saw (vendor, routing, last 4, type, version): a file is refused when one
-- of them changed after the decision.
ALTER TABLE "approvals" ADD COLUMN "decision_accounts" jsonb;--> statement-breakpoint
-- A paid bill is also known by its vendor, invoice number (normalised) and amount, so the same bill
-- under another id is refused as already paid.
ALTER TABLE "paid_bills" ADD COLUMN "vendor_ref" varchar(100);--> statement-breakpoint
ALTER TABLE "paid_bills" ADD COLUMN "doc_number_key" varchar(100);--> statement-breakpoint
CREATE UNIQUE INDEX "paid_bills_vendor_doc_amount_key" ON "paid_bills" USING btree ("company_id","vendor_ref","doc_number_key","amount_cents") WHERE "vendor_ref" IS NOT NULL AND "doc_number_key" IS NOT NULL;
