CREATE TYPE "public"."template_source" AS ENUM('demo', 'import');--> statement-breakpoint
CREATE TYPE "public"."template_version_state" AS ENUM('queued', 'rendering', 'ready', 'failed');--> statement-breakpoint
ALTER TYPE "public"."aspect_ratio" ADD VALUE '16:10';--> statement-breakpoint
ALTER TYPE "public"."aspect_ratio" ADD VALUE 'custom';--> statement-breakpoint
CREATE TABLE "designer" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"bio_en" text DEFAULT '' NOT NULL,
	"bio_es" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designer_key_unique" UNIQUE("key"),
	CONSTRAINT "designer_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "template_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" "template_version_state" DEFAULT 'queued' NOT NULL,
	"reason" text,
	"detail" text,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "template" ALTER COLUMN "design" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "source" "template_source" DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "designer_id" integer;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "fonts" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "slide_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_color" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "template_color" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "template_color" ADD COLUMN "theme_colors" jsonb;--> statement-breakpoint
ALTER TABLE "template_color" ADD COLUMN "google_slides_url" text;--> statement-breakpoint
ALTER TABLE "template_version" ADD CONSTRAINT "template_version_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_version_number_idx" ON "template_version" USING btree ("template_id","number");--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_designer_id_designer_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_color" ADD CONSTRAINT "template_color_version_id_template_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."template_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_import_key_unique" UNIQUE("import_key");