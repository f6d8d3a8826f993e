DROP INDEX "companies_name_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_email_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_industry_trgm_idx";--> statement-breakpoint
CREATE INDEX "companies_email_lower_id_idx" ON "companies" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "companies_industry_lower_id_idx" ON "companies" USING btree (lower("industry"),"id");--> statement-breakpoint
CREATE INDEX "companies_status_id_idx" ON "companies" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "companies_qb_status_id_idx" ON "companies" USING btree ("qb_connection_status","id");--> statement-breakpoint
CREATE INDEX "companies_updated_at_id_idx" ON "companies" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (lower("name" || chr(10) || coalesce("email", '') || chr(10) || coalesce("industry", '')) gin_trgm_ops) WITH (fastupdate=false);