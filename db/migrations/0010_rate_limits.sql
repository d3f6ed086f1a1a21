CREATE TABLE "rate_limit" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"tokens" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"ok" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rate_limit_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "template_view_seen" (
	"day" date NOT NULL,
	"client" text NOT NULL,
	"template_id" integer NOT NULL,
	CONSTRAINT "template_view_seen_day_client_template_id_pk" PRIMARY KEY("day","client","template_id")
);
--> statement-breakpoint
ALTER TABLE "template_view_seen" ADD CONSTRAINT "template_view_seen_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_at_idx" ON "rate_limit" USING btree ("at_ms");