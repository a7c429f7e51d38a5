ALTER TABLE "listing_photo" ADD COLUMN "hd_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_batch" ADD COLUMN "concurrency" integer;