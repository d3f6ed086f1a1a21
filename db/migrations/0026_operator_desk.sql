CREATE TABLE "contact_reply" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"author_id" integer,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "contact_reply_status_check" CHECK ("contact_reply"."status" in ('draft', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "daily_figure" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_figure_metric_day_key_pk" PRIMARY KEY("metric","day","key")
);
--> statement-breakpoint
CREATE TABLE "daily_figure_run" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonym" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"head" text,
	"terms" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonym_kind_check" CHECK ("search_synonym"."kind" in ('group', 'related'))
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"seeded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_vocabulary_one_row" CHECK ("search_vocabulary"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "desk_state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "paid_plan" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_reply" ADD CONSTRAINT "contact_reply_message_id_contact_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reply" ADD CONSTRAINT "contact_reply_author_id_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_synonym" ADD CONSTRAINT "search_synonym_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_reply_message_idx" ON "contact_reply" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "daily_figure_day_idx" ON "daily_figure" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonym_head_idx" ON "search_synonym" USING btree ("head");--> statement-breakpoint
CREATE INDEX "contact_message_desk_idx" ON "contact_message" USING btree ("desk_state",("paid_plan" is not null) desc,"created_at" desc);--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_desk_state_check" CHECK ("contact_message"."desk_state" in ('open', 'answered', 'closed'));--> statement-breakpoint
INSERT INTO "search_vocabulary" ("id") VALUES (1) ON CONFLICT DO NOTHING;