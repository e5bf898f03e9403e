CREATE TABLE "bill_line_readings" (
	"bill_line_id" uuid PRIMARY KEY NOT NULL,
	"opening_reading_id" uuid NOT NULL,
	"closing_reading_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"mono_counter" integer NOT NULL,
	"colour_counter" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"submission_id" uuid,
	"photo_file_id" uuid,
	"entered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_readings_machine_date_uq" UNIQUE("machine_id","reading_date"),
	CONSTRAINT "meter_readings_source_chk" CHECK ("meter_readings"."source" in ('web', 'automatic', 'staff', 'estimated')),
	CONSTRAINT "meter_readings_status_chk" CHECK ("meter_readings"."status" in ('accepted', 'confirmed')),
	CONSTRAINT "meter_readings_counters_chk" CHECK ("meter_readings"."mono_counter" >= 0 and "meter_readings"."colour_counter" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meter_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ucp_id" text NOT NULL,
	"submitted_by" uuid,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reading_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_submissions_idempotency_uq" UNIQUE("ucp_id","idempotency_key"),
	CONSTRAINT "meter_submissions_channel_chk" CHECK ("meter_submissions"."channel" in ('form', 'csv')),
	CONSTRAINT "meter_submissions_count_chk" CHECK ("meter_submissions"."reading_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"renewal_id" uuid,
	"event_type" text NOT NULL,
	"actor_uuid" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_events_type_chk" CHECK ("contract_events"."event_type" in ('started', 'renewal_submitted', 'renewal_approved', 'renewal_declined', 'renewal_withdrawn', 'renewed', 'expired', 'terminated'))
);
--> statement-breakpoint
CREATE TABLE "contract_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renewal_no" text NOT NULL,
	"contract_id" uuid NOT NULL,
	"ucp_id" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"terms" jsonb NOT NULL,
	"current_cost_cents" integer NOT NULL,
	"offer_cost_cents" integer NOT NULL,
	"new_start_date" date NOT NULL,
	"new_end_date" date NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "contract_renewals_idempotency_uq" UNIQUE("ucp_id","idempotency_key"),
	CONSTRAINT "contract_renewals_status_chk" CHECK ("contract_renewals"."status" in ('submitted', 'approved', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "renewal_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"contract_type" text,
	"term_months" integer NOT NULL,
	"period_charge_cents" integer DEFAULT 0 NOT NULL,
	"minimum_charge_cents" integer DEFAULT 0 NOT NULL,
	"mono_rate" numeric(10, 4) NOT NULL,
	"colour_rate" numeric(10, 4) NOT NULL,
	"mono_allowance" integer DEFAULT 0 NOT NULL,
	"colour_allowance" integer DEFAULT 0 NOT NULL,
	"new_model_code" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_offers_status_chk" CHECK ("renewal_offers"."status" in ('active', 'inactive')),
	CONSTRAINT "renewal_offers_type_chk" CHECK ("renewal_offers"."contract_type" is null or "renewal_offers"."contract_type" in ('rental', 'lease', 'maintenance', 'managed_print')),
	CONSTRAINT "renewal_offers_term_chk" CHECK ("renewal_offers"."term_months" between 1 and 120),
	CONSTRAINT "renewal_offers_dates_chk" CHECK ("renewal_offers"."valid_to" >= "renewal_offers"."valid_from"),
	CONSTRAINT "renewal_offers_money_chk" CHECK ("renewal_offers"."period_charge_cents" >= 0 and "renewal_offers"."minimum_charge_cents" >= 0 and "renewal_offers"."mono_rate" >= 0 and "renewal_offers"."colour_rate" >= 0 and "renewal_offers"."mono_allowance" >= 0 and "renewal_offers"."colour_allowance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bill_line_readings" ADD CONSTRAINT "bill_line_readings_bill_line_id_bill_lines_id_fk" FOREIGN KEY ("bill_line_id") REFERENCES "public"."bill_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_readings" ADD CONSTRAINT "bill_line_readings_opening_reading_id_meter_readings_id_fk" FOREIGN KEY ("opening_reading_id") REFERENCES "public"."meter_readings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_readings" ADD CONSTRAINT "bill_line_readings_closing_reading_id_meter_readings_id_fk" FOREIGN KEY ("closing_reading_id") REFERENCES "public"."meter_readings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_submission_id_meter_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."meter_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_entered_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_submissions" ADD CONSTRAINT "meter_submissions_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_submissions" ADD CONSTRAINT "meter_submissions_submitted_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_renewal_id_contract_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."contract_renewals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_actor_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("actor_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_offer_id_renewal_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."renewal_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_renewals" ADD CONSTRAINT "contract_renewals_submitted_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_new_model_code_machine_models_model_code_fk" FOREIGN KEY ("new_model_code") REFERENCES "public"."machine_models"("model_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_line_readings_closing_idx" ON "bill_line_readings" USING btree ("closing_reading_id");--> statement-breakpoint
CREATE INDEX "meter_readings_ucp_date_idx" ON "meter_readings" USING btree ("ucp_id","reading_date");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","at");--> statement-breakpoint
CREATE INDEX "contract_events_renewal_idx" ON "contract_events" USING btree ("renewal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_renewals_no_uq" ON "contract_renewals" USING btree ("renewal_no");--> statement-breakpoint
CREATE INDEX "contract_renewals_contract_idx" ON "contract_renewals" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_renewals_submitted_idx" ON "contract_renewals" USING btree ("submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_renewals_open_uq" ON "contract_renewals" USING btree ("contract_id") WHERE "contract_renewals"."status" in ('submitted', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_offers_code_uq" ON "renewal_offers" USING btree ("offer_code");