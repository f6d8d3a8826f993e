-- The company's bank account in QuickBooks (its Account Id) that bill payments recorded back in
-- QuickBooks are paid from.
ALTER TABLE "company_payment_settings" ADD COLUMN "qb_bank_account_id" varchar(20);--> statement-breakpoint
-- QuickBooks changes to a bill of an approval that was already decided: never applied silently;
-- while this holds any, the approval shows them and its bank file is refused until someone
-- decides again.
ALTER TABLE "approvals" ADD COLUMN "qb_changes_after_decision" jsonb;--> statement-breakpoint
-- One BillPayment recorded back in QuickBooks per bill the console paid: the primary key
-- (company, QuickBooks bill id) makes a second one impossible, and `request_id` (Intuit's
-- requestid, fixed when the row is written) makes a retried POST return the first answer.
CREATE TABLE "qb_bill_payments" (
	"company_id" integer NOT NULL,
	"qb_bill_id" varchar(20) NOT NULL,
	"approval_id" uuid NOT NULL,
	"doc_number" varchar(64),
	"vendor_ref" varchar(100),
	"amount_cents" bigint NOT NULL,
	"txn_date" date NOT NULL,
	"request_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"qb_payment_id" varchar(20),
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_bill_payments_company_id_qb_bill_id_pk" PRIMARY KEY("company_id","qb_bill_id"),
	CONSTRAINT "qb_bill_payments_status_check" CHECK ("qb_bill_payments"."status" IN ('pending', 'created', 'failed'))
);--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD CONSTRAINT "qb_bill_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD CONSTRAINT "qb_bill_payments_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qb_bill_payments_approval_idx" ON "qb_bill_payments" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "qb_bill_payments_pending_idx" ON "qb_bill_payments" USING btree ("updated_at") WHERE "qb_bill_payments"."status" = 'pending';
