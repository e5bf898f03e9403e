CREATE TABLE "auth_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "mfa_last_time_step" bigint;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_rate_limits_window_idx" ON "auth_rate_limits" USING btree ("window_ends_at");