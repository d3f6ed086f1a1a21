CREATE TABLE "template_upload" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"facts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_version" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "template_version" ADD COLUMN "missing_fonts" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_version" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "template_upload" ADD CONSTRAINT "template_upload_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_upload_account_idx" ON "template_upload" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "template_designer_idx" ON "template" USING btree ("designer_id");