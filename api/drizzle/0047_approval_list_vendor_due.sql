-- The approvals list shows each approval's vendor ('Acme' and '+2 more') and its first due date.
-- They live in the bills' JSON (about 3 KB per approval, TOASTed), which list pages never read: so
-- they are stored, generated columns computed when the bills are written, and a page reads three
-- small columns instead of parsing every row's bills. Generated, so they cannot disagree with the
-- bills; the functions are IMMUTABLE (they read only their argument), as a generated column needs.
CREATE OR REPLACE FUNCTION approval_bills_vendor_count(bills jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(DISTINCT coalesce(b -> 'VendorRef' ->> 'value', b -> 'VendorRef' ->> 'name'))::integer
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(bills) = 'array' THEN bills ELSE '[]'::jsonb END) AS b
$$;--> statement-breakpoint
-- The earliest due date (QuickBooks and the console write 'YYYY-MM-DD'; anything else is left out).
CREATE OR REPLACE FUNCTION approval_bills_first_due_date(bills jsonb) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT min(left(b ->> 'DueDate', 10))::date
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(bills) = 'array' THEN bills ELSE '[]'::jsonb END) AS b
  WHERE b ->> 'DueDate' ~ '^\d{4}-\d{2}-\d{2}'
$$;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "vendor_name" text GENERATED ALWAYS AS (jsonb_path_query_first(bills, '$[*].VendorRef.name') #>> '{}') STORED;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "vendor_count" integer GENERATED ALWAYS AS (approval_bills_vendor_count(bills)) STORED;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "first_due_date" date GENERATED ALWAYS AS (approval_bills_first_due_date(bills)) STORED;
