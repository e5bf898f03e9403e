CREATE TABLE "inbox_deliveries" (
	"message_id" uuid NOT NULL,
	"user_ac_uuid" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"send_time" timestamp with time zone NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_deliveries_pk" PRIMARY KEY("message_id","user_ac_uuid","ucp_id"),
	CONSTRAINT "inbox_deliveries_read_chk" CHECK ("inbox_deliveries"."is_read" = ("inbox_deliveries"."read_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'system' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_time" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_category_chk" CHECK ("inbox_messages"."category" in ('billing', 'service', 'contract', 'promotion', 'system')),
	CONSTRAINT "inbox_messages_status_chk" CHECK ("inbox_messages"."status" in ('draft', 'sent')),
	CONSTRAINT "inbox_messages_sent_time_chk" CHECK ("inbox_messages"."status" <> 'sent' or "inbox_messages"."send_time" is not null),
	CONSTRAINT "inbox_messages_title_chk" CHECK ("inbox_messages"."title_en" <> '' or "inbox_messages"."title_zh" <> '')
);
--> statement-breakpoint
ALTER TABLE "inbox_deliveries" ADD CONSTRAINT "inbox_deliveries_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_deliveries" ADD CONSTRAINT "inbox_deliveries_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_deliveries" ADD CONSTRAINT "inbox_deliveries_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_created_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_deliveries_list_idx" ON "inbox_deliveries" USING btree ("user_ac_uuid","ucp_id","is_read","send_time" DESC NULLS LAST);