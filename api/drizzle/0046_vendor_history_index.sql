-- The approval page lists what a vendor was paid before (its last bank file entries within the
-- company): without an index on (company, vendor) that read scans every entry ever written.
CREATE INDEX IF NOT EXISTS "bank_file_entries_company_vendor_idx" ON "bank_file_entries" ("company_id", "vendor_ref", "id");
