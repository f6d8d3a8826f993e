-- Resetting another person's second factors takes two ADMINs (dual control, as a bank account
-- change does): one insider alone must not be able to strip someone's factors and take the account
-- over with a known or reset password. An ADMIN's request waits here until a second ADMIN confirms
-- it (which deletes the factors and recovery codes and ends the person's sessions) or either
-- cancels it; the audit log keeps both names and times, so the row goes once it is decided. One
-- request waits per person. A request whose asker's account is deleted goes with it: nobody would
-- be left to tell the confirming ADMIN apart from the asker.
CREATE TABLE "second_factor_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"requested_by" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"requested_by_name" varchar(511) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factor_resets_not_own" CHECK ("user_id" <> "requested_by")
);--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_resets_user_key" ON "second_factor_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "second_factor_resets_requested_by_idx" ON "second_factor_resets" USING btree ("requested_by");
