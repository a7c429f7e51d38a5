DROP INDEX "invoice_payment_kind_idx";--> statement-breakpoint
ALTER TABLE "checkout_order" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_order" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_grosze" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "tokens_taken_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payment_idx" ON "invoice" USING btree ("payment_id") WHERE "invoice"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoice_corrects_idx" ON "invoice" USING btree ("corrects_invoice_id");