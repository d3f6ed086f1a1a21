CREATE TABLE "account_interest" (
	"account_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_interest_account_id_tag_id_pk" PRIMARY KEY("account_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_folder" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_folder_owner_key" UNIQUE("id","account_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_folder_item" (
	"folder_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_folder_item_folder_id_template_id_pk" PRIMARY KEY("folder_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "email_token" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "account_interest" ADD CONSTRAINT "account_interest_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_interest" ADD CONSTRAINT "account_interest_tag_id_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_folder" ADD CONSTRAINT "favorite_folder_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_folder_item" ADD CONSTRAINT "favorite_folder_item_folder_fk" FOREIGN KEY ("folder_id","account_id") REFERENCES "public"."favorite_folder"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_folder_item" ADD CONSTRAINT "favorite_folder_item_favorite_fk" FOREIGN KEY ("account_id","template_id") REFERENCES "public"."favorite"("account_id","template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_folder_name_idx" ON "favorite_folder" USING btree ("account_id","name_key");--> statement-breakpoint
CREATE INDEX "favorite_folder_item_favorite_idx" ON "favorite_folder_item" USING btree ("account_id","template_id");--> statement-breakpoint
CREATE INDEX "favorite_folder_item_recent_idx" ON "favorite_folder_item" USING btree ("folder_id","created_at");