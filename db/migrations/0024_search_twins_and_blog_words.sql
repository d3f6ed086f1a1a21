CREATE TABLE "blog_word" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_suggestion" ADD COLUMN "source_id" integer;--> statement-breakpoint
CREATE INDEX "blog_word_trgm_idx" ON "blog_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
UPDATE "search_suggestion" s SET "source_id" = tt."tag_id" FROM "tag_translation" tt
  WHERE s."kind" IN ('tag', 'category') AND tt."locale" = s."locale" AND tt."name" = s."phrase";--> statement-breakpoint
UPDATE "search_suggestion" s SET "source_id" = st."id" FROM "style" st
  WHERE s."kind" = 'style' AND ((s."locale" = 'en' AND st."name_en" = s."phrase") OR (s."locale" = 'es' AND st."name_es" = s."phrase"));--> statement-breakpoint
INSERT INTO "blog_word" ("word", "frequency")
  SELECT w.word, count(*)::int FROM "blog_post_translation" tr
  CROSS JOIN LATERAL (SELECT DISTINCT x AS word FROM regexp_split_to_table(slidenest_search_normalize(
    tr."title" || ' ' || tr."excerpt" || ' ' || regexp_replace(tr."body_html", '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), ' ') AS x) w
  WHERE length(w.word) BETWEEN 3 AND 40 AND w.word !~ '^[0-9]+$'
  GROUP BY w.word;
