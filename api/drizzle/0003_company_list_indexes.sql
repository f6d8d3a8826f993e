CREATE TABLE "company_counts" (
	"status" "company_status" NOT NULL,
	"qb_status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_counts_status_qb_status_pk" PRIMARY KEY("status","qb_status")
);
--> statement-breakpoint
DROP INDEX "companies_created_at_idx";--> statement-breakpoint
DROP INDEX "companies_status_created_at_idx";--> statement-breakpoint
DROP INDEX "companies_qb_status_created_at_idx";--> statement-breakpoint
DROP INDEX "companies_name_lower_idx";--> statement-breakpoint
CREATE INDEX "companies_created_at_id_idx" ON "companies" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_status_created_at_id_idx" ON "companies" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_qb_status_created_at_id_idx" ON "companies" USING btree ("qb_connection_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_name_lower_id_idx" ON "companies" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_status_name_lower_id_idx" ON "companies" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_industry_trgm_idx" ON "companies" USING gin ("industry" gin_trgm_ops);