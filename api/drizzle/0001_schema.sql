CREATE TYPE "public"."approval_priority" AS ENUM('URGENT', 'HIGH', 'MEDIUM', 'LOW');--> statement-breakpoint
CREATE TYPE "public"."approval_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'NACHA_GENERATED', 'NACHA_PENDING', 'BANK_UPLOADED', 'PAYMENT_COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('ACTIVE', 'INACTIVE', 'SUSPENDED');--> statement-breakpoint
CREATE TYPE "public"."manager_status" AS ENUM('ACTIVE', 'INACTIVE', 'SUSPENDED');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('ADMIN', 'MODERATOR', 'USER', 'GUEST');--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_name" varchar(255),
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(32),
	"entity_id" varchar(64),
	"description" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"prefix" varchar(32) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_status_counts" (
	"status" "approval_status" PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"status" "approval_status" DEFAULT 'PENDING' NOT NULL,
	"priority" "approval_priority" DEFAULT 'MEDIUM' NOT NULL,
	"bills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_bills" jsonb,
	"bill_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved_bill_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_bills" integer DEFAULT 0 NOT NULL,
	"processed_bills" integer DEFAULT 0 NOT NULL,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"manager_id" integer,
	"manager_name" varchar(255),
	"manager_email" varchar(254),
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(255),
	"approved_by_id" integer,
	"approved_by" varchar(255),
	"approval_date" timestamp with time zone,
	"rejected_by_id" integer,
	"rejected_by" varchar(255),
	"rejection_date" timestamp with time zone,
	"rejection_reason" text,
	"nacha_file_generated" boolean DEFAULT false NOT NULL,
	"nacha_file_name" varchar(255),
	"nacha_batch_number" varchar(64),
	"nacha_generated_at" timestamp with time zone,
	"nacha_processing_status" varchar(64),
	"nacha_file_url" varchar(2048),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(254),
	"phone" varchar(255),
	"website" varchar(2048),
	"address" text,
	"description" text,
	"industry" varchar(255),
	"status" "company_status" DEFAULT 'ACTIVE' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"qb_connection_status" text,
	"qb_realm_id" varchar(64),
	"qb_last_refresh" timestamp with time zone,
	"qb_access_token_enc" text,
	"qb_refresh_token_enc" text,
	"qb_token_expires_at" timestamp with time zone,
	"manager_id" integer,
	"processor_id" integer,
	"approver_id" integer,
	"accountant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_qb_connection_status_check" CHECK ("companies"."qb_connection_status" IS NULL OR "companies"."qb_connection_status" IN ('connected', 'disconnected', 'error'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(255) NOT NULL,
	"last_name" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(255),
	"title" varchar(255),
	"status" "manager_status" DEFAULT 'ACTIVE' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(255),
	"last_name" varchar(255),
	"title" varchar(255),
	"role" "user_role" DEFAULT 'USER' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_accountant_id_users_id_fk" FOREIGN KEY ("accountant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managers" ADD CONSTRAINT "managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_created_at_idx" ON "activity" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_entity_idx" ON "activity" USING btree ("entity_type","entity_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_user_action_idx" ON "activity" USING btree ("user_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approvals_created_at_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_status_created_at_idx" ON "approvals" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_company_created_at_idx" ON "approvals" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_priority_created_at_idx" ON "approvals" USING btree ("priority","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_manager_name_trgm_idx" ON "approvals" USING gin ("manager_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "approvals_created_by_idx" ON "approvals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "approvals_manager_id_idx" ON "approvals" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_status_created_at_idx" ON "companies" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_qb_status_created_at_idx" ON "companies" USING btree ("qb_connection_status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_email_trgm_idx" ON "companies" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_manager_id_idx" ON "companies" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "companies_processor_id_idx" ON "companies" USING btree ("processor_id");--> statement-breakpoint
CREATE INDEX "companies_approver_id_idx" ON "companies" USING btree ("approver_id");--> statement-breakpoint
CREATE INDEX "companies_accountant_id_idx" ON "companies" USING btree ("accountant_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_created_at_idx" ON "login_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "managers_created_at_idx" ON "managers" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_status_created_at_idx" ON "managers" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managers_user_id_idx" ON "managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "managers_email_trgm_idx" ON "managers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "managers_first_name_trgm_idx" ON "managers" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "managers_last_name_trgm_idx" ON "managers" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_at_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_active_created_at_idx" ON "users" USING btree ("is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);