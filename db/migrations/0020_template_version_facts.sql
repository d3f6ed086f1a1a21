ALTER TABLE "template_color" ADD COLUMN "preview_sources" text[];--> statement-breakpoint
ALTER TABLE "template_version" ADD COLUMN "facts" jsonb;