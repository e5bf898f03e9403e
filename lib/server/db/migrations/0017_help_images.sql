CREATE TABLE "help_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_images_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "help_images" ADD CONSTRAINT "help_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_images" ADD CONSTRAINT "help_images_uploaded_by_user_accounts_user_ac_uuid_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_accounts"("user_ac_uuid") ON DELETE set null ON UPDATE no action;