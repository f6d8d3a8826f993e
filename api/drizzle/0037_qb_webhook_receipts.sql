-- QuickBooks notifications received lately, by the SHA-256 of their signed bytes: a payload seen
-- again within the replay window is acknowledged but queues nothing.
CREATE TABLE IF NOT EXISTS "qb_webhook_receipts" (
	"digest" varchar(64) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "qb_webhook_receipts_received_at_idx" ON "qb_webhook_receipts" USING btree ("received_at");
