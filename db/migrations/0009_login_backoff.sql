CREATE TABLE "login_backoff" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
