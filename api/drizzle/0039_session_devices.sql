-- Which browser and address each sign-in was last used from, for the "Sessions" list of the
-- profile page: every refresh token carries the User-Agent (cut to 512 characters) and the client
-- address of the sign-in or refresh that issued it, so a family's live token says where and when
-- (its created_at) the session was last used.
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" varchar(512);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" varchar(64);
