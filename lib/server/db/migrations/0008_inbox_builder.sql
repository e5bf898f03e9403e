CREATE TABLE "inbox_broadcast_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"ucp_id" text,
	"group_id" uuid,
	CONSTRAINT "inbox_broadcast_targets_customer_uq" UNIQUE("message_id","ucp_id"),
	CONSTRAINT "inbox_broadcast_targets_group_uq" UNIQUE("message_id","group_id"),
	CONSTRAINT "inbox_broadcast_targets_one_chk" CHECK (("inbox_broadcast_targets"."ucp_id" is null) <> ("inbox_broadcast_targets"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "inbox_broadcasts" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"link_path" text,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"recipients" integer,
	"delivered_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "inbox_broadcasts_audience_chk" CHECK ("inbox_broadcasts"."audience" in ('all_customers', 'customers', 'groups'))
);
--> statement-breakpoint
CREATE TABLE "user_mail_preferences" (
	"user_ac_uuid" uuid PRIMARY KEY NOT NULL,
	"inbox_email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_status_chk";--> statement-breakpoint
ALTER TABLE "inbox_broadcast_targets" ADD CONSTRAINT "inbox_broadcast_targets_message_id_inbox_broadcasts_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_broadcasts"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_broadcast_targets" ADD CONSTRAINT "inbox_broadcast_targets_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_broadcast_targets" ADD CONSTRAINT "inbox_broadcast_targets_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_broadcasts" ADD CONSTRAINT "inbox_broadcasts_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_broadcasts" ADD CONSTRAINT "inbox_broadcasts_updated_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mail_preferences" ADD CONSTRAINT "user_mail_preferences_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_broadcast_targets_message_idx" ON "inbox_broadcast_targets" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_status_chk" CHECK ("inbox_messages"."status" in ('draft', 'scheduled', 'sent'));