CREATE SEQUENCE "public"."service_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "service_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_user_ac_uuid" uuid,
	"note" text DEFAULT '' NOT NULL,
	"engineer_name" text,
	"eta_at" timestamp with time zone,
	CONSTRAINT "service_request_events_kind_chk" CHECK ("service_request_events"."kind" in ('submitted', 'acknowledged', 'engineer_assigned', 'reassigned', 'on_site', 'resolved', 'closed', 'cancelled', 'reopened', 'rated')),
	CONSTRAINT "service_request_events_status_chk" CHECK ("service_request_events"."status" in ('submitted', 'acknowledged', 'engineer_assigned', 'on_site', 'resolved', 'closed', 'cancelled')),
	CONSTRAINT "service_request_events_actor_chk" CHECK ("service_request_events"."actor" in ('customer', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_no" text NOT NULL,
	"ucp_id" text NOT NULL,
	"machine_id" uuid NOT NULL,
	"contract_id" uuid,
	"category" text NOT NULL,
	"error_code" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"photo_file_id" uuid,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"visit_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"engineer_name" text,
	"engineer_phone" text,
	"eta_at" timestamp with time zone,
	"response_hours" integer NOT NULL,
	"sla_due_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"on_site_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"resolution_notes" text,
	"cancel_reason" text,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"rating_comment" text,
	"created_by" uuid,
	"idempotency_key" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_idempotency_uq" UNIQUE("ucp_id","idempotency_key"),
	CONSTRAINT "service_requests_category_chk" CHECK ("service_requests"."category" in ('paper_jam', 'print_quality', 'error_code', 'network_scanning', 'consumable', 'noise_damage', 'other')),
	CONSTRAINT "service_requests_status_chk" CHECK ("service_requests"."status" in ('submitted', 'acknowledged', 'engineer_assigned', 'on_site', 'resolved', 'closed', 'cancelled')),
	CONSTRAINT "service_requests_rating_chk" CHECK ("service_requests"."rating" is null or "service_requests"."rating" between 1 and 5),
	CONSTRAINT "service_requests_response_chk" CHECK ("service_requests"."response_hours" > 0),
	CONSTRAINT "service_requests_version_chk" CHECK ("service_requests"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "response_hours" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_actor_user_ac_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("actor_user_ac_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_created_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_events_request_idx" ON "service_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_no_uq" ON "service_requests" USING btree ("request_no");--> statement-breakpoint
CREATE INDEX "service_requests_ucp_created_idx" ON "service_requests" USING btree ("ucp_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_machine_idx" ON "service_requests" USING btree ("machine_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_status_due_idx" ON "service_requests" USING btree ("status","sla_due_at");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_response_hours_chk" CHECK ("contracts"."response_hours" > 0);