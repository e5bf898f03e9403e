CREATE SEQUENCE "public"."change_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "change_request_attachments" (
	"request_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "change_request_attachments_pk" PRIMARY KEY("request_id","file_id"),
	CONSTRAINT "change_request_attachments_kind_chk" CHECK ("change_request_attachments"."kind" in ('br_certificate', 'signed_agreement'))
);
--> statement-breakpoint
CREATE TABLE "change_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_uuid" uuid,
	"by_provider" boolean DEFAULT false NOT NULL,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_events_to_chk" CHECK ("change_request_events"."to_status" in ('pending', 'inProgress', 'approved', 'reject', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_no" text NOT NULL,
	"ucp_id" text NOT NULL,
	"change_type" text NOT NULL,
	"channel_source" text DEFAULT 'W' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"old_value" jsonb NOT NULL,
	"new_value" jsonb NOT NULL,
	"effective_date" date,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewer_comment" text,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_requests_type_chk" CHECK ("change_requests"."change_type" in ('comp_name', 'bill_addr', 'machine_loc', 'rec_hardcopy', 'toner_addr', 'trans_agree')),
	CONSTRAINT "change_requests_status_chk" CHECK ("change_requests"."status" in ('pending', 'inProgress', 'approved', 'reject', 'completed')),
	CONSTRAINT "change_requests_channel_chk" CHECK ("change_requests"."channel_source" in ('W')),
	CONSTRAINT "change_requests_reject_reason_chk" CHECK ("change_requests"."status" <> 'reject' or coalesce("change_requests"."reviewer_comment", '') <> '')
);
--> statement-breakpoint
ALTER TABLE "change_request_attachments" ADD CONSTRAINT "change_request_attachments_request_id_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_attachments" ADD CONSTRAINT "change_request_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_events" ADD CONSTRAINT "change_request_events_request_id_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_events" ADD CONSTRAINT "change_request_events_actor_uuid_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("actor_uuid") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_ucp_id_customers_ucp_id_fk" FOREIGN KEY ("ucp_id") REFERENCES "public"."customers"("ucp_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_submitted_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_reviewed_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_request_events_request_idx" ON "change_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_no_uq" ON "change_requests" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_idem_uq" ON "change_requests" USING btree ("ucp_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "change_requests_ucp_idx" ON "change_requests" USING btree ("ucp_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_requests_queue_idx" ON "change_requests" USING btree ("status","change_type","submitted_at");