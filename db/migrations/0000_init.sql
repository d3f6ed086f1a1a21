CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slidenest_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent($1) $$;--> statement-breakpoint
CREATE TYPE "public"."aspect_ratio" AS ENUM('16:9', '4:3');--> statement-breakpoint
CREATE TYPE "public"."download_license" AS ENUM('free', 'personal', 'commercial');--> statement-breakpoint
CREATE TYPE "public"."tag_type" AS ENUM('category', 'tag', 'service');--> statement-breakpoint
CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "color" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"hex" text NOT NULL,
	CONSTRAINT "color_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "download" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"template_color_id" integer,
	"category_id" integer,
	"format" text NOT NULL,
	"license" "download_license" NOT NULL,
	"account_id" integer,
	"fingerprint" text,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	CONSTRAINT "style_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" "tag_type" NOT NULL,
	"icon_name" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tag_translation" (
	"tag_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tab_name" text NOT NULL,
	CONSTRAINT "tag_translation_tag_id_locale_pk" PRIMARY KEY("tag_id","locale")
);
--> statement-breakpoint
CREATE TABLE "template" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"is_premium" boolean NOT NULL,
	"slides_count" integer NOT NULL,
	"aspect_ratio" "aspect_ratio" NOT NULL,
	"heading_font" text NOT NULL,
	"body_font" text NOT NULL,
	"formats" text[] NOT NULL,
	"design" jsonb NOT NULL,
	"google_slides_url" text,
	"published_at" timestamp with time zone NOT NULL,
	"downloads_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"trending_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_color" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	"position" integer NOT NULL,
	"palette" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_file" (
	"template_color_id" integer NOT NULL,
	"variant" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_file_template_color_id_variant_kind_pk" PRIMARY KEY("template_color_id","variant","kind")
);
--> statement-breakpoint
CREATE TABLE "template_style" (
	"template_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	CONSTRAINT "template_style_template_id_style_id_pk" PRIMARY KEY("template_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "template_tag" (
	"template_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "template_tag_template_id_tag_id_pk" PRIMARY KEY("template_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "template_translation" (
	"template_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "template_translation_template_id_locale_pk" PRIMARY KEY("template_id","locale")
);
--> statement-breakpoint
CREATE TABLE "template_view_day" (
	"template_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "template_view_day_template_id_day_pk" PRIMARY KEY("template_id","day")
);
--> statement-breakpoint
ALTER TABLE "download" ADD CONSTRAINT "download_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download" ADD CONSTRAINT "download_template_color_id_template_color_id_fk" FOREIGN KEY ("template_color_id") REFERENCES "public"."template_color"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download" ADD CONSTRAINT "download_category_id_tag_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tag"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translation" ADD CONSTRAINT "tag_translation_tag_id_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_category_id_tag_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_color" ADD CONSTRAINT "template_color_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_color" ADD CONSTRAINT "template_color_color_id_color_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."color"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_file" ADD CONSTRAINT "template_file_template_color_id_template_color_id_fk" FOREIGN KEY ("template_color_id") REFERENCES "public"."template_color"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_style" ADD CONSTRAINT "template_style_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_style" ADD CONSTRAINT "template_style_style_id_style_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."style"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tag" ADD CONSTRAINT "template_tag_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tag" ADD CONSTRAINT "template_tag_tag_id_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_translation" ADD CONSTRAINT "template_translation_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_view_day" ADD CONSTRAINT "template_view_day_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_created_idx" ON "download" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "download_template_created_idx" ON "download" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "download_account_period_idx" ON "download" USING btree ("account_id","period");--> statement-breakpoint
CREATE INDEX "download_fingerprint_period_idx" ON "download" USING btree ("fingerprint","period");--> statement-breakpoint
CREATE INDEX "template_category_idx" ON "template" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "template_published_idx" ON "template" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "template_popular_idx" ON "template" USING btree ("downloads_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "template_trending_idx" ON "template" USING btree ("trending_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "template_color_template_idx" ON "template_color" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_color_color_idx" ON "template_color" USING btree ("color_id","template_id");--> statement-breakpoint
CREATE INDEX "template_style_style_idx" ON "template_style" USING btree ("style_id","template_id");--> statement-breakpoint
CREATE INDEX "template_tag_tag_idx" ON "template_tag" USING btree ("tag_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_translation_slug_idx" ON "template_translation" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "template_view_day_day_idx" ON "template_view_day" USING btree ("day");