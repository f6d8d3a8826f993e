-- Notifications of change (NOC): the bank paid the entry but says the vendor's account details are
-- wrong. The entry keeps the correction the bank sent (code, description, the NOC batch's date and
-- the file that brought it), so reconciliation shows it as corrected; the vendor's account keeps
-- the latest NOC and the version of the pending change it made, so a bank file held for that
-- change names the NOC, and the account shows why it changed.
ALTER TABLE "bank_file_entries" ADD COLUMN "correction_code" varchar(3);--> statement-breakpoint
ALTER TABLE "bank_file_entries" ADD COLUMN "correction_description" text;--> statement-breakpoint
ALTER TABLE "bank_file_entries" ADD COLUMN "corrected_on" varchar(10);--> statement-breakpoint
ALTER TABLE "bank_file_entries" ADD COLUMN "correction_file_id" integer REFERENCES "bank_return_files"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "correction_code" varchar(3);--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "correction_version" integer;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD COLUMN "correction_at" timestamp with time zone;
