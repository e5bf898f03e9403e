CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "enquiries_enquiry_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ucp_id" text NOT NULL,
	"user_ac_uuid" uuid,
	"topic" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"idempotency_key" uuid,
	"ack_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_no_uq" UNIQUE("enquiry_no"),
	CONSTRAINT "enquiries_idempotency_uq" UNIQUE("user_ac_uuid","idempotency_key"),
	CONSTRAINT "enquiries_topic_chk" CHECK ("enquiries"."topic" in ('general', 'bills_payment', 'meter_reading', 'toner_orders', 'service_repair', 'contracts', 'portal_use'))
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"question_en" text NOT NULL,
	"question_zh" text NOT NULL,
	"answer_en" text NOT NULL,
	"answer_zh" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_zh" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "faq_entries_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "faq_entries_category_chk" CHECK ("faq_entries"."category" in ('meter_reading', 'bills_payment', 'toner_orders', 'contracts', 'account_changes', 'portal_use'))
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_zh" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "help_articles_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "help_articles_topic_chk" CHECK ("help_articles"."topic" in ('meter_reading', 'bills_payment', 'toner_orders', 'contracts', 'account_changes', 'portal_use'))
);
--> statement-breakpoint
CREATE TABLE "useful_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "useful_links_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_updated_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "useful_links" ADD CONSTRAINT "useful_links_updated_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "faq_entries_category_idx" ON "faq_entries" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "help_articles_topic_idx" ON "help_articles" USING btree ("topic","sort_order");