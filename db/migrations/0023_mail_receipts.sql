ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoice_receipt_owed_idx" ON "invoice" USING btree ("paid_at") WHERE receipt_sent_at is null and paid_at is not null;--> statement-breakpoint
-- Invoices paid before receipts were mailed are not owed one (no mail about old charges at upgrade).
UPDATE "invoice" SET "receipt_sent_at" = "paid_at" WHERE "paid_at" IS NOT NULL;
