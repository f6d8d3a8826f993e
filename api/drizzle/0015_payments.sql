-- Payments (issue 9): originator settings and vendor bank accounts per company, every bank file
-- written, and every bill paid. paid_bills' primary key (company, bill id) is what makes paying a
-- bill twice impossible, whatever the timing; nacha_files' unique keys give one file per approval
-- and one File ID Modifier per originator and day.
CREATE TYPE "public"."bank_account_type" AS ENUM('checking', 'savings');
--> statement-breakpoint
CREATE TABLE "company_payment_settings" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"odfi_routing_number" varchar(9) NOT NULL,
	"odfi_name" varchar(23) NOT NULL,
	"company_identification" varchar(10) NOT NULL,
	"ach_company_name" varchar(16) NOT NULL,
	"entry_description" varchar(10) NOT NULL,
	"origin_name" varchar(23) NOT NULL,
	"settlement_account_enc" text,
	"settlement_account_last4" varchar(4),
	"settlement_account_type" "bank_account_type",
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"vendor_ref" varchar(100) NOT NULL,
	"vendor_name" varchar(255) NOT NULL,
	"routing_number" varchar(9) NOT NULL,
	"account_number_enc" text NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"account_type" "bank_account_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bank_accounts_company_vendor_key" ON "vendor_bank_accounts" USING btree ("company_id","vendor_ref");
--> statement-breakpoint
CREATE TABLE "nacha_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" uuid NOT NULL REFERENCES "approvals"("id") ON DELETE restrict,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE restrict,
	"batch_number" integer NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"odfi_routing_number" varchar(9) NOT NULL,
	"company_identification" varchar(10) NOT NULL,
	"creation_date" varchar(10) NOT NULL,
	"file_id_modifier" varchar(1) NOT NULL,
	"effective_entry_date" varchar(10) NOT NULL,
	"content" text NOT NULL,
	"entry_count" integer NOT NULL,
	"total_credit_cents" bigint NOT NULL,
	"total_debit_cents" bigint NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nacha_files_approval_key" ON "nacha_files" USING btree ("approval_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "nacha_files_batch_number_key" ON "nacha_files" USING btree ("batch_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "nacha_files_originator_day_modifier_key" ON "nacha_files" USING btree ("odfi_routing_number","company_identification","creation_date","file_id_modifier");
--> statement-breakpoint
CREATE TABLE "paid_bills" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE restrict,
	"bill_id" varchar(100) NOT NULL,
	"approval_id" uuid NOT NULL REFERENCES "approvals"("id") ON DELETE restrict,
	"nacha_file_id" integer NOT NULL REFERENCES "nacha_files"("id") ON DELETE restrict,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paid_bills_company_id_bill_id_pk" PRIMARY KEY("company_id","bill_id")
);
--> statement-breakpoint
CREATE INDEX "paid_bills_approval_idx" ON "paid_bills" USING btree ("approval_id");
--> statement-breakpoint
-- Batch numbers of bank files: one sequence for every originator (7 digits in the batch header).
CREATE SEQUENCE "nacha_batch_number_seq" MAXVALUE 9999999;
--> statement-breakpoint
-- nachaProcessingStatus says exactly what a failed generation misses (issue 9): longer than 64.
ALTER TABLE "approvals" ALTER COLUMN "nacha_processing_status" TYPE text;
