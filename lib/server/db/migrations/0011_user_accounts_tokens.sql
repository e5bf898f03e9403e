CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_ac_uuid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_purpose_chk" CHECK ("user_tokens"."purpose" in ('activation', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "user_accounts" DROP CONSTRAINT "user_accounts_status_chk";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_template_chk";--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_uq" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_ac_uuid","purpose");--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_status_chk" CHECK ("user_accounts"."status" in ('pending', 'active', 'locked', 'inactive'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_template_chk" CHECK ("outbox"."template" in ('inbox_message', 'notification', 'account_activation', 'password_reset'));