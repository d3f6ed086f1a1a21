CREATE TABLE "id_token_use" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "id_token_use_expires_idx" ON "id_token_use" USING btree ("expires_at");