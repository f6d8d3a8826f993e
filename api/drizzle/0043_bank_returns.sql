-- ACH returns: what the bank sends back about the console's payments is matched to the entries the
-- console wrote, so every bank file now records its entries (one row per bill paid) in the
-- transaction that writes it.
--
-- Trace numbers. The writer numbered each file's entries from 1, so every file of an ODFI carried
-- the same traces and a returned trace could not name one entry. From here on the sequence part of
-- every trace comes from one counter for all files; it starts above the highest sequence any
-- earlier file used, so no new trace repeats an old one.
--
-- Files written before this migration get no entries (no backfill): their traces repeat from file
-- to file, so a return naming one could be matched to the wrong payment. A return of such a file is
-- listed as unmatched and changes nothing; staff reconcile it by hand from the stored file, as they
-- did before returns were read.
ALTER TYPE "approval_status" ADD VALUE IF NOT EXISTS 'PAYMENT_PARTLY_RETURNED';--> statement-breakpoint
ALTER TYPE "approval_status" ADD VALUE IF NOT EXISTS 'PAYMENT_RETURNED';--> statement-breakpoint
CREATE TABLE "nacha_trace_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"next_sequence" integer NOT NULL,
	CONSTRAINT "nacha_trace_counter_one_row" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "nacha_trace_counter" ("id", "next_sequence")
SELECT true, coalesce(max("entry_count"), 0) + 1 FROM "nacha_files";--> statement-breakpoint
CREATE TABLE "bank_return_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"byte_size" integer NOT NULL,
	"matched_count" integer NOT NULL,
	"unmatched_count" integer NOT NULL,
	"mismatch_count" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"uploaded_by_name" varchar(511) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_return_files_sha256_key" ON "bank_return_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "bank_return_files_created_at_idx" ON "bank_return_files" USING btree ("created_at", "id");--> statement-breakpoint
CREATE TABLE "bank_file_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"nacha_file_id" integer NOT NULL REFERENCES "nacha_files"("id") ON DELETE RESTRICT,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE RESTRICT,
	"approval_id" uuid NOT NULL REFERENCES "approvals"("id") ON DELETE RESTRICT,
	"bill_id" varchar(100) NOT NULL,
	"vendor_ref" varchar(100) NOT NULL,
	"vendor_name" varchar(255) NOT NULL,
	"account_version" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"routing_number" varchar(9) NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"trace_number" varchar(15) NOT NULL,
	"status" varchar(16) DEFAULT 'SENT' NOT NULL,
	"return_code" varchar(3),
	"return_description" text,
	"returned_on" varchar(10),
	"return_file_id" integer REFERENCES "bank_return_files"("id") ON DELETE RESTRICT,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_file_entries_status_check" CHECK ("status" IN ('SENT', 'RETURNED')),
	CONSTRAINT "bank_file_entries_returned_check" CHECK (
		("status" = 'SENT') = ("return_code" IS NULL AND "return_file_id" IS NULL AND "returned_on" IS NULL)
	)
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_file_entries_trace_number_key" ON "bank_file_entries" USING btree ("trace_number");--> statement-breakpoint
CREATE INDEX "bank_file_entries_file_idx" ON "bank_file_entries" USING btree ("nacha_file_id");--> statement-breakpoint
CREATE INDEX "bank_file_entries_approval_idx" ON "bank_file_entries" USING btree ("approval_id");--> statement-breakpoint
-- A return that says the account is unusable (closed, no account, frozen…) blocks the version of
-- the vendor's account the returned entry paid: no file pays it until the account is changed
-- (a higher version) and a second person confirms the change.
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "blocked_code" varchar(3);--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "blocked_version" integer;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "blocked_at" timestamp with time zone;
