-- Bills entered by hand get ids from their own range, far above the ids QuickBooks hands out, so a
-- company that connects QuickBooks later keeps both apart. Bill ids are digits (BILL_ID_PATTERN).
CREATE SEQUENCE "manual_bill_id_seq" AS bigint START WITH 9000000000001;--> statement-breakpoint
-- Every bill of every approval, keyed for the duplicate check: the same vendor with the same bill
-- number (billNumberKey), or with the same amount dated within 7 days. The two indexes answer both
-- questions without reading the approvals' bills. A flagged bill keeps the other bill it matched.
CREATE TABLE "approval_bill_keys" (
	"approval_id" uuid NOT NULL,
	"bill_id" varchar(100) NOT NULL,
	"company_id" integer NOT NULL,
	"vendor_ref" varchar(100),
	"doc_key" varchar(100),
	"amount_cents" bigint NOT NULL,
	"bill_date" date,
	"duplicate_kind" varchar(16),
	"duplicate_of_approval_id" uuid,
	"duplicate_of_bill_id" varchar(100),
	CONSTRAINT "approval_bill_keys_approval_id_bill_id_pk" PRIMARY KEY("approval_id","bill_id"),
	CONSTRAINT "approval_bill_keys_duplicate_kind_check" CHECK ("approval_bill_keys"."duplicate_kind" IS NULL OR "approval_bill_keys"."duplicate_kind" IN ('BILL_NUMBER', 'AMOUNT_AND_DATE'))
);--> statement-breakpoint
ALTER TABLE "approval_bill_keys" ADD CONSTRAINT "approval_bill_keys_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_bill_keys" ADD CONSTRAINT "approval_bill_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_bill_keys" ADD CONSTRAINT "approval_bill_keys_duplicate_of_approval_id_approvals_id_fk" FOREIGN KEY ("duplicate_of_approval_id") REFERENCES "public"."approvals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_bill_keys_doc_idx" ON "approval_bill_keys" USING btree ("company_id","vendor_ref","doc_key") WHERE "doc_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_bill_keys_amount_idx" ON "approval_bill_keys" USING btree ("company_id","vendor_ref","amount_cents","bill_date");--> statement-breakpoint
-- Deleting an approval clears the flags that point at it (ON DELETE SET NULL) through this index.
CREATE INDEX "approval_bill_keys_duplicate_of_idx" ON "approval_bill_keys" USING btree ("duplicate_of_approval_id") WHERE "duplicate_of_approval_id" IS NOT NULL;--> statement-breakpoint
-- The bills of the approvals that exist already, with the key billNumberKey computes (NFKC, ASCII
-- letters and digits, upper-case, no leading zeros in a run of digits); their flags start empty.
INSERT INTO "approval_bill_keys" ("approval_id", "bill_id", "company_id", "vendor_ref", "doc_key", "amount_cents", "bill_date")
SELECT DISTINCT ON (a."id", b->>'Id')
	a."id",
	left(b->>'Id', 100),
	a."company_id",
	left(b->'VendorRef'->>'value', 100),
	left(nullif(regexp_replace(upper(regexp_replace(normalize(coalesce(b->>'DocNumber', ''), NFKC), '[^A-Za-z0-9]', '', 'g')), '(^|[^0-9])0+([0-9])', '\1\2', 'g'), ''), 100),
	round((b->>'TotalAmt')::numeric * 100)::bigint,
	CASE WHEN coalesce(b->>'TxnDate', b->>'DueDate') ~ '^\d{4}-\d{2}-\d{2}$' THEN coalesce(b->>'TxnDate', b->>'DueDate')::date END
FROM "approvals" a, jsonb_array_elements(a."bills") b
WHERE b->>'Id' IS NOT NULL AND jsonb_typeof(b->'TotalAmt') = 'number';
