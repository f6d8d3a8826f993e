-- The `state` of a QuickBooks authorization-code flow, stored only as its SHA-256 hash: single-use
-- (used_at), short-lived (expires_at) and bound to the staff member's session and the company, so
-- a callback carrying a state issued to someone else, for another company, or twice is refused.
CREATE TABLE "qb_oauth_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "qb_oauth_states" ADD CONSTRAINT "qb_oauth_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_oauth_states" ADD CONSTRAINT "qb_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qb_oauth_states_expires_at_idx" ON "qb_oauth_states" USING btree ("expires_at");
