-- Single-flight QuickBooks token refresh across API processes: a short lease taken by a
-- conditional UPDATE, and the outcome of the last refresh so concurrent callers answer it.
ALTER TABLE "companies" ADD COLUMN "qb_refresh_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "qb_refresh_outcome" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "qb_refresh_finished_at" timestamp with time zone;
