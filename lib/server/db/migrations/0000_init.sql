CREATE TABLE "customer_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ucp_id" text NOT NULL,
	"product_line" text NOT NULL,
	"customer_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_numbers_line_no_uq" UNIQUE("product_line","customer_no"),
	CONSTRAINT "customer_numbers_line_chk" CHECK ("customer_numbers"."product_line" in ('copier', 'printer', 'software'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"ucp_id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"br_no" text,
	"billing_address_en" text DEFAULT '' NOT NULL,
	"billing_address_zh" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"receive_hardcopy_bill" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_status_chk" CHECK ("customers"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"user_ac_uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_provider_staff" boolean DEFAULT false NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"skip_mfa" boolean DEFAULT false NOT NULL,
	"font_size" text DEFAULT 'M' NOT NULL,
	"preferred_language" text DEFAULT 'en' NOT NULL,
	"last_login_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"disclaimer_accepted_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_accounts_status_chk" CHECK ("user_accounts"."status" in ('pending', 'active', 'inactive')),
	CONSTRAINT "user_accounts_font_size_chk" CHECK ("user_accounts"."font_size" in ('S', 'M', 'L')),
	CONSTRAINT "user_accounts_language_chk" CHECK ("user_accounts"."preferred_language" in ('en', 'tc'))
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_ac_uuid" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_customers_user_ac_uuid_ucp_id_pk" PRIMARY KEY("user_ac_uuid","ucp_id")
);
--> statement-breakpoint
CREATE TABLE "user_group_functions" (
	"group_id" uuid NOT NULL,
	"fn_code" text NOT NULL,
	CONSTRAINT "user_group_functions_group_id_fn_code_pk" PRIMARY KEY("group_id","fn_code")
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"group_id" uuid NOT NULL,
	"user_ac_uuid" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	CONSTRAINT "user_group_members_group_id_user_ac_uuid_ucp_id_pk" PRIMARY KEY("group_id","user_ac_uuid","ucp_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"group_type" text DEFAULT 'customer' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_groups_type_chk" CHECK ("user_groups"."group_type" in ('customer', 'provider')),
	CONSTRAINT "user_groups_status_chk" CHECK ("user_groups"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uuid" uuid,
	"actor_ucp_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"trace_id" text
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_kind_lang_pk" PRIMARY KEY("kind","lang"),
	CONSTRAINT "site_content_lang_chk" CHECK ("site_content"."lang" in ('en', 'tc')),
	CONSTRAINT "site_content_kind_chk" CHECK ("site_content"."kind" in ('footer_popup', 'mobile_app', 'social', 'chat_link', 'link_config'))
);
--> statement-breakpoint
CREATE TABLE "system_params" (
	"param_key" text PRIMARY KEY NOT NULL,
	"param_value" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_numbers" ADD CONSTRAINT "customer_numbers_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_functions" ADD CONSTRAINT "user_group_functions_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_link_fk" FOREIGN KEY ("user_ac_uuid","ucp_id") REFERENCES "public"."user_customers"("user_ac_uuid","ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_numbers_ucp_idx" ON "customer_numbers" USING btree ("ucp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_login_id_uq" ON "user_accounts" USING btree ("login_id");--> statement-breakpoint
CREATE INDEX "user_customers_ucp_idx" ON "user_customers" USING btree ("ucp_id");--> statement-breakpoint
CREATE INDEX "user_group_members_user_idx" ON "user_group_members" USING btree ("user_ac_uuid","ucp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_code_uq" ON "user_groups" USING btree ("code");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");