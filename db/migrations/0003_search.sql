CREATE TABLE "search_lexeme" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"locale" text NOT NULL,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_suggestion" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"phrase" text NOT NULL,
	"phrase_norm" text NOT NULL,
	"key" text NOT NULL,
	"word_pos" smallint DEFAULT 0 NOT NULL,
	"weight" real NOT NULL,
	"template_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_search" (
	"template_id" integer PRIMARY KEY NOT NULL,
	"head" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"downloads_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_search_stale" (
	"template_id" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_search" ADD CONSTRAINT "template_search_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_log_created_idx" ON "search_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_suggestion_phrase_idx" ON "search_suggestion" USING btree ("locale","phrase_norm","word_pos");--> statement-breakpoint
CREATE INDEX "search_suggestion_key_idx" ON "search_suggestion" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_search_document_idx" ON "template_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "template_search_popular_idx" ON "template_search" USING btree ("downloads_count" DESC NULLS LAST,"template_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "template_search_published_idx" ON "template_search" USING btree ("published_at" DESC NULLS LAST,"template_id" DESC NULLS LAST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION slidenest_search_normalize(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT btrim(regexp_replace(lower(slidenest_unaccent(lower($1))), '[^[:alnum:]]+', ' ', 'g')) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slidenest_search_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO template_search_stale (template_id) SELECT DISTINCT template_id FROM old_rows
      ON CONFLICT (template_id) DO UPDATE SET marked_at = now() WHERE template_search_stale.marked_at < now();
  ELSE
    INSERT INTO template_search_stale (template_id) SELECT DISTINCT template_id FROM new_rows
      ON CONFLICT (template_id) DO UPDATE SET marked_at = now() WHERE template_search_stale.marked_at < now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slidenest_search_mark_template_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO template_search_stale (template_id) VALUES (NEW.id)
    ON CONFLICT (template_id) DO UPDATE SET marked_at = now() WHERE template_search_stale.marked_at < now();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER template_translation_search_ins AFTER INSERT ON template_translation REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_translation_search_upd AFTER UPDATE ON template_translation REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_tag_search_ins AFTER INSERT ON template_tag REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_tag_search_del AFTER DELETE ON template_tag REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_style_search_ins AFTER INSERT ON template_style REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_style_search_del AFTER DELETE ON template_style REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_color_search_ins AFTER INSERT ON template_color REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_color_search_del AFTER DELETE ON template_color REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION slidenest_search_mark_stale();--> statement-breakpoint
CREATE TRIGGER template_search_upd AFTER UPDATE OF category_id, published_at, is_premium, slides_count, aspect_ratio, formats ON template FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.is_premium IS DISTINCT FROM NEW.is_premium OR OLD.slides_count IS DISTINCT FROM NEW.slides_count OR OLD.aspect_ratio IS DISTINCT FROM NEW.aspect_ratio OR OLD.formats IS DISTINCT FROM NEW.formats) EXECUTE FUNCTION slidenest_search_mark_template_stale();
