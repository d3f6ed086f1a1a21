CREATE TABLE "auth_session_device" (
	"family" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_agent" text,
	"network" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session_device" ADD CONSTRAINT "auth_session_device_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_device_account_idx" ON "auth_session_device" USING btree ("account_id");