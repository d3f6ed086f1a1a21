CREATE TABLE "download_counter" (
	"subject" text NOT NULL,
	"period" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "download_counter_subject_period_pk" PRIMARY KEY("subject","period")
);
--> statement-breakpoint
CREATE TABLE "download_grant" (
	"subject" text NOT NULL,
	"period" text NOT NULL,
	"template_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_grant_subject_period_template_id_pk" PRIMARY KEY("subject","period","template_id")
);
--> statement-breakpoint
ALTER TABLE "download_grant" ADD CONSTRAINT "download_grant_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;