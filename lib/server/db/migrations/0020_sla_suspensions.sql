CREATE TABLE "sla_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_suspensions_kind_chk" CHECK ("sla_suspensions"."kind" in ('typhoon_8', 'black_rainstorm')),
	CONSTRAINT "sla_suspensions_span_chk" CHECK ("sla_suspensions"."ends_at" > "sla_suspensions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "sla_suspensions" ADD CONSTRAINT "sla_suspensions_created_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_suspensions_ends_idx" ON "sla_suspensions" USING btree ("ends_at");