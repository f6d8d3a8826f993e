-- Second factors: one stolen password must no longer be enough to move money. A person may add
-- authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn), gets one-time recovery codes with
-- the first, and then signs in in two steps; actions that pay ask for a fresh factor (step-up).
-- An authenticator's secret is stored encrypted (AES-256-GCM under MFA_SECRET_KEY); a passkey
-- only has its public key here. `totp_last_step` is the newest 30-second step whose code was
-- accepted: a code is never accepted twice. A passkey's `sign_count` refuses a cloned device.
CREATE TABLE "second_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" varchar(16) NOT NULL CHECK ("kind" IN ('totp', 'passkey')),
	"name" varchar(64) NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"credential_id" varchar(1024),
	"public_key" text,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[],
	"device_type" varchar(16) CHECK ("device_type" IN ('singleDevice', 'multiDevice')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "second_factors_totp_secret_check" CHECK (("kind" = 'totp') = ("totp_secret" IS NOT NULL)),
	CONSTRAINT "second_factors_passkey_check" CHECK (("kind" = 'passkey') = ("credential_id" IS NOT NULL AND "public_key" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_id_key" ON "second_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "second_factors_user_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
-- Recovery codes: hashed as passwords are (argon2id); `lookup` is a code's first group, so
-- signing in with one checks one hash, not ten.
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"lookup" varchar(5) NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_lookup_key" ON "recovery_codes" USING btree ("user_id", "lookup");--> statement-breakpoint
-- A sign-in whose password was right, waiting for its second step: a hashed single-use ticket
-- (5 minutes), and the passkey challenge asked for it.
CREATE TABLE "second_step_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"webauthn_challenge" varchar(128),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "second_step_tickets_token_hash_key" ON "second_step_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "second_step_tickets_user_idx" ON "second_step_tickets" USING btree ("user_id");--> statement-breakpoint
-- What a signed-in person started and must finish within 5 minutes, once: an authenticator
-- being added (its secret, encrypted, until a code confirms it), a passkey being registered, or
-- a step-up with a passkey (their WebAuthn challenges).
CREATE TABLE "second_factor_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" varchar(32) NOT NULL CHECK ("purpose" IN ('totp-enrolment', 'passkey-registration', 'step-up')),
	"challenge" varchar(128) NOT NULL,
	"totp_secret" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "second_factor_challenges_user_idx" ON "second_factor_challenges" USING btree ("user_id", "purpose", "challenge");--> statement-breakpoint
-- Wrong second-factor codes of an account in a row (5 lock it for 15 minutes): per account, not
-- per address, so spreading guesses over addresses gains nothing.
CREATE TABLE "second_factor_failures" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone
);--> statement-breakpoint
-- How each session signed in (RFC 8176 methods) and when it last gave a second factor, copied on
-- every rotation, so a refreshed access token still says it.
ALTER TABLE "refresh_tokens" ADD COLUMN "amr" text[] DEFAULT '{pwd}' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "factor_at" timestamp with time zone;--> statement-breakpoint
-- Those who must have a second factor and have none may go on until then: a week for the accounts
-- that exist now; accounts made later get MFA_GRACE_DAYS from their creation (the column is null).
ALTER TABLE "users" ADD COLUMN "mfa_grace_until" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "mfa_grace_until" = now() + interval '7 days';
