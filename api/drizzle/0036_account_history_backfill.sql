-- Bank accounts entered before the version history existed stood at version 1 with no history row,
-- so the first change of such an account was numbered 1 again and passed as the account an approver
-- had seen. Their current details become the recorded version 1 (or whatever version they stand at),
-- entered by nobody in particular when they were last changed. New versions are numbered above both
-- the history and the account's own counter.
INSERT INTO "bank_account_changes" ("company_id", "account_key", "version", "routing_number", "account_last4", "account_type", "changed_by", "changed_at")
SELECT a."company_id", 'vendor:' || a."vendor_ref", a."version", a."routing_number", a."account_last4", a."account_type", a."changed_by", a."changed_at"
FROM "vendor_bank_accounts" a
WHERE NOT EXISTS (
  SELECT 1 FROM "bank_account_changes" c
  WHERE c."company_id" = a."company_id" AND c."account_key" = 'vendor:' || a."vendor_ref" AND c."version" >= a."version"
);--> statement-breakpoint
INSERT INTO "bank_account_changes" ("company_id", "account_key", "version", "routing_number", "account_last4", "account_type", "changed_by", "changed_at")
SELECT s."company_id", 'settlement', s."settlement_version", NULL, s."settlement_account_last4", s."settlement_account_type", s."settlement_changed_by", coalesce(s."settlement_changed_at", s."updated_at")
FROM "company_payment_settings" s
WHERE s."settlement_version" > 0 AND s."settlement_account_last4" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "bank_account_changes" c
  WHERE c."company_id" = s."company_id" AND c."account_key" = 'settlement' AND c."version" >= s."settlement_version"
);
