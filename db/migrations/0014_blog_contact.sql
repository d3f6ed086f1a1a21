CREATE TABLE "blog_post" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"category_id" integer NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "blog_post_tag" (
	"post_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "blog_post_tag_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "blog_post_template" (
	"post_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "blog_post_template_post_id_template_id_pk" PRIMARY KEY("post_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "blog_post_translation" (
	"post_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"cover_key" text NOT NULL,
	"cover_alt" text NOT NULL,
	"source_hash" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_translation_post_id_locale_pk" PRIMARY KEY("post_id","locale")
);
--> statement-breakpoint
CREATE TABLE "blog_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"is_category" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_tag_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "blog_tag_translation" (
	"tag_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "blog_tag_translation_tag_id_locale_pk" PRIMARY KEY("tag_id","locale")
);
--> statement-breakpoint
CREATE TABLE "contact_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"account_id" integer,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"digest" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post" ADD CONSTRAINT "blog_post_category_id_blog_tag_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_tag" ADD CONSTRAINT "blog_post_tag_post_id_blog_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_tag" ADD CONSTRAINT "blog_post_tag_tag_id_blog_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."blog_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_template" ADD CONSTRAINT "blog_post_template_post_id_blog_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_template" ADD CONSTRAINT "blog_post_template_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_translation" ADD CONSTRAINT "blog_post_translation_post_id_blog_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_tag_translation" ADD CONSTRAINT "blog_tag_translation_tag_id_blog_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."blog_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_published_idx" ON "blog_post" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_post_category_idx" ON "blog_post" USING btree ("category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_post_tag_tag_idx" ON "blog_post_tag" USING btree ("tag_id","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_post_translation_slug_idx" ON "blog_post_translation" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "blog_post_translation_search_idx" ON "blog_post_translation" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_tag_translation_slug_idx" ON "blog_tag_translation" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "contact_message_email_idx" ON "contact_message" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_message_digest_idx" ON "contact_message" USING btree ("digest");