-- Where an approval came from: entered in the console or imported from QuickBooks.
ALTER TABLE "approvals" ADD COLUMN "origin" varchar(16) DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_origin_check" CHECK ("approvals"."origin" IN ('MANUAL', 'QUICKBOOKS'));--> statement-breakpoint
-- One row per company that syncs with QuickBooks: where its sync stands (phase and the next
-- STARTPOSITION, so a sync cut between pages resumes there), who runs it (a lease with a fencing
-- owner, so two API processes never run one company's sync at once) and what the panel shows.
CREATE TABLE "qb_sync_state" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"phase" varchar(16) DEFAULT 'vendors' NOT NULL,
	"next_position" integer DEFAULT 1 NOT NULL,
	"full_sync_started_at" timestamp with time zone,
	"cdc_since" timestamp with time zone,
	"lease_owner" varchar(64),
	"lease_until" timestamp with time zone,
	"run_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"bills_imported" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_sync_state_phase_check" CHECK ("qb_sync_state"."phase" IN ('vendors', 'bills', 'incremental'))
);--> statement-breakpoint
ALTER TABLE "qb_sync_state" ADD CONSTRAINT "qb_sync_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qb_sync_state_next_run_at_idx" ON "qb_sync_state" USING btree ("next_run_at");--> statement-breakpoint
-- Every QuickBooks bill imported, once: the primary key (company, QuickBooks bill id) is what
-- makes a second import of the same bill impossible, whatever runs concurrently.
CREATE TABLE "qb_imported_bills" (
	"company_id" integer NOT NULL,
	"qb_bill_id" varchar(20) NOT NULL,
	"approval_id" uuid,
	"sync_token" varchar(20) NOT NULL,
	"vendor_ref" varchar(100),
	"due_date" date,
	"skipped_reason" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_imported_bills_company_id_qb_bill_id_pk" PRIMARY KEY("company_id","qb_bill_id")
);--> statement-breakpoint
ALTER TABLE "qb_imported_bills" ADD CONSTRAINT "qb_imported_bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_imported_bills" ADD CONSTRAINT "qb_imported_bills_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qb_imported_bills_approval_idx" ON "qb_imported_bills" USING btree ("approval_id");--> statement-breakpoint
-- The company's QuickBooks vendors by their QuickBooks id, the key vendor bank accounts use.
CREATE TABLE "qb_vendors" (
	"company_id" integer NOT NULL,
	"qb_vendor_id" varchar(20) NOT NULL,
	"display_name" varchar(255) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sync_token" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_vendors_company_id_qb_vendor_id_pk" PRIMARY KEY("company_id","qb_vendor_id")
);--> statement-breakpoint
ALTER TABLE "qb_vendors" ADD CONSTRAINT "qb_vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
