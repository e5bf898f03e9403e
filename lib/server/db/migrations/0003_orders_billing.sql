CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ucp_id" text NOT NULL,
	"contract_no" text NOT NULL,
	"contract_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"billing_frequency" text DEFAULT 'monthly' NOT NULL,
	"period_charge_cents" integer DEFAULT 0 NOT NULL,
	"minimum_charge_cents" integer DEFAULT 0 NOT NULL,
	"mono_rate" numeric(10, 4) DEFAULT '0' NOT NULL,
	"colour_rate" numeric(10, 4) DEFAULT '0' NOT NULL,
	"mono_allowance" integer DEFAULT 0 NOT NULL,
	"colour_allowance" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_type_chk" CHECK ("contracts"."contract_type" in ('rental', 'lease', 'maintenance', 'managed_print')),
	CONSTRAINT "contracts_status_chk" CHECK ("contracts"."status" in ('active', 'expired', 'terminated', 'renewed')),
	CONSTRAINT "contracts_frequency_chk" CHECK ("contracts"."billing_frequency" in ('monthly', 'quarterly')),
	CONSTRAINT "contracts_dates_chk" CHECK ("contracts"."end_date" >= "contracts"."start_date"),
	CONSTRAINT "contracts_money_chk" CHECK ("contracts"."period_charge_cents" >= 0 and "contracts"."minimum_charge_cents" >= 0 and "contracts"."mono_rate" >= 0 and "contracts"."colour_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "machine_models" (
	"model_code" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"category" text NOT NULL,
	"is_colour" boolean NOT NULL,
	"pages_per_minute" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_models_category_chk" CHECK ("machine_models"."category" in ('copier', 'printer', 'mfp'))
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ucp_id" text NOT NULL,
	"contract_id" uuid,
	"serial_no" text NOT NULL,
	"model_code" text NOT NULL,
	"location_en" text DEFAULT '' NOT NULL,
	"location_zh" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"address_zh" text DEFAULT '' NOT NULL,
	"toner_address_en" text DEFAULT '' NOT NULL,
	"toner_address_zh" text DEFAULT '' NOT NULL,
	"toner_contact_name" text DEFAULT '' NOT NULL,
	"toner_contact_phone" text DEFAULT '' NOT NULL,
	"installed_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_status_chk" CHECK ("machines"."status" in ('active', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "product_compatibility" (
	"product_code" text NOT NULL,
	"model_code" text NOT NULL,
	CONSTRAINT "product_compatibility_product_code_model_code_pk" PRIMARY KEY("product_code","model_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_code" text PRIMARY KEY NOT NULL,
	"product_type" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"max_order_qty" integer DEFAULT 10 NOT NULL,
	"colour" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_type_chk" CHECK ("products"."product_type" in ('toner', 'drum', 'waste_toner', 'staples', 'paper', 'equipment', 'service')),
	CONSTRAINT "products_price_chk" CHECK ("products"."unit_price_cents" >= 0 and "products"."max_order_qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_code" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_items_line_uq" UNIQUE("order_id","line_no"),
	CONSTRAINT "order_items_qty_chk" CHECK ("order_items"."quantity" > 0 and "order_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"note_zh" text DEFAULT '' NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"ucp_id" text NOT NULL,
	"order_type" text NOT NULL,
	"machine_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"requested_date" date,
	"promised_date" date,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"idempotency_key" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_idempotency_uq" UNIQUE("ucp_id","idempotency_key"),
	CONSTRAINT "orders_type_chk" CHECK ("orders"."order_type" in ('toner', 'supplies', 'equipment', 'service')),
	CONSTRAINT "orders_status_chk" CHECK ("orders"."status" in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location_en" text DEFAULT '' NOT NULL,
	"location_zh" text DEFAULT '' NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"note_zh" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipment_events_step_chk" CHECK ("shipment_events"."step" in ('received', 'picked', 'dispatched', 'out_for_delivery', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"courier" text NOT NULL,
	"tracking_no" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_chk" CHECK ("shipments"."status" in ('received', 'picked', 'dispatched', 'out_for_delivery', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"line_type" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"machine_id" uuid,
	"serial_no" text,
	"opening_reading" integer,
	"closing_reading" integer,
	"allowance" integer,
	"billable_pages" integer,
	"rate" numeric(10, 4),
	"amount_cents" integer NOT NULL,
	CONSTRAINT "bill_lines_line_uq" UNIQUE("bill_id","line_no"),
	CONSTRAINT "bill_lines_type_chk" CHECK ("bill_lines"."line_type" in ('period_charge', 'mono_usage', 'colour_usage', 'minimum_charge', 'adjustment')),
	CONSTRAINT "bill_lines_readings_chk" CHECK ("bill_lines"."closing_reading" is null or "bill_lines"."opening_reading" is null or "bill_lines"."closing_reading" >= "bill_lines"."opening_reading")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_no" text NOT NULL,
	"ucp_id" text NOT NULL,
	"contract_id" uuid,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_amounts_chk" CHECK ("bills"."amount_cents" >= 0 and "bills"."paid_cents" >= 0 and "bills"."paid_cents" <= "bills"."amount_cents"),
	CONSTRAINT "bills_dates_chk" CHECK ("bills"."period_end" >= "bills"."period_start" and "bills"."due_date" >= "bills"."bill_date")
);
--> statement-breakpoint
CREATE TABLE "payment_slip_bills" (
	"slip_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"applied_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_slip_bills_slip_id_bill_id_pk" PRIMARY KEY("slip_id","bill_id")
);
--> statement-breakpoint
CREATE TABLE "payment_slips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slip_no" text NOT NULL,
	"ucp_id" text NOT NULL,
	"uploaded_by" uuid,
	"file_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_comment" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_slips_idempotency_uq" UNIQUE("ucp_id","idempotency_key"),
	CONSTRAINT "payment_slips_amount_chk" CHECK ("payment_slips"."amount_cents" > 0),
	CONSTRAINT "payment_slips_method_chk" CHECK ("payment_slips"."payment_method" in ('bank_transfer', 'fps', 'cheque')),
	CONSTRAINT "payment_slips_status_chk" CHECK ("payment_slips"."status" in ('pending', 'approved', 'reject')),
	CONSTRAINT "payment_slips_review_chk" CHECK ("payment_slips"."status" = 'pending' or ("payment_slips"."reviewed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ucp_id" text NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_chk" CHECK ("stored_files"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "survey_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"ucp_id" text,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_model_code_machine_models_model_code_fk" FOREIGN KEY ("model_code") REFERENCES "public"."machine_models"("model_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_compatibility" ADD CONSTRAINT "product_compatibility_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_compatibility" ADD CONSTRAINT "product_compatibility_model_code_machine_models_model_code_fk" FOREIGN KEY ("model_code") REFERENCES "public"."machine_models"("model_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slip_bills" ADD CONSTRAINT "payment_slip_bills_slip_id_payment_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."payment_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slip_bills" ADD CONSTRAINT "payment_slip_bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_uploaded_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_reviewed_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "contracts_ucp_idx" ON "contracts" USING btree ("ucp_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_serial_uq" ON "machines" USING btree ("serial_no");--> statement-breakpoint
CREATE INDEX "machines_ucp_idx" ON "machines" USING btree ("ucp_id");--> statement-breakpoint
CREATE INDEX "machines_contract_idx" ON "machines" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "product_compatibility_model_idx" ON "product_compatibility" USING btree ("model_code");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_ucp_created_idx" ON "orders" USING btree ("ucp_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_ucp_status_idx" ON "orders" USING btree ("ucp_id","status");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_no_uq" ON "shipments" USING btree ("shipment_no");--> statement-breakpoint
CREATE INDEX "shipments_ucp_idx" ON "shipments" USING btree ("ucp_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_no_uq" ON "bills" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "bills_ucp_date_idx" ON "bills" USING btree ("ucp_id","bill_date");--> statement-breakpoint
CREATE INDEX "bills_ucp_due_idx" ON "bills" USING btree ("ucp_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_slip_bills_bill_idx" ON "payment_slip_bills" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_slips_no_uq" ON "payment_slips" USING btree ("slip_no");--> statement-breakpoint
CREATE INDEX "payment_slips_ucp_idx" ON "payment_slips" USING btree ("ucp_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_slips_status_idx" ON "payment_slips" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_ucp_idx" ON "stored_files" USING btree ("ucp_id");