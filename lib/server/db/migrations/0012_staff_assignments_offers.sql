CREATE TABLE "offer_customers" (
	"offer_id" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	CONSTRAINT "offer_customers_offer_id_ucp_id_pk" PRIMARY KEY("offer_id","ucp_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"image_file_id" uuid,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"target" text DEFAULT 'all' NOT NULL,
	"cta_url" text DEFAULT '' NOT NULL,
	"cta_label_en" text DEFAULT '' NOT NULL,
	"cta_label_zh" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_chk" CHECK ("offers"."status" in ('draft', 'published', 'expired')),
	CONSTRAINT "offers_target_chk" CHECK ("offers"."target" in ('all', 'selected')),
	CONSTRAINT "offers_validity_chk" CHECK ("offers"."valid_from" <= "offers"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "staff_customer_assignments" (
	"staff_user_ac_uuid" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_customer_assignments_staff_user_ac_uuid_ucp_id_pk" PRIMARY KEY("staff_user_ac_uuid","ucp_id")
);
--> statement-breakpoint
ALTER TABLE "offer_customers" ADD CONSTRAINT "offer_customers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_customers" ADD CONSTRAINT "offer_customers_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_customer_assignments" ADD CONSTRAINT "staff_customer_assignments_staff_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("staff_user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_customer_assignments" ADD CONSTRAINT "staff_customer_assignments_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_customer_assignments" ADD CONSTRAINT "staff_customer_assignments_assigned_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_customers_ucp_idx" ON "offer_customers" USING btree ("ucp_id");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status","valid_to");--> statement-breakpoint
CREATE INDEX "staff_customer_assignments_ucp_idx" ON "staff_customer_assignments" USING btree ("ucp_id");