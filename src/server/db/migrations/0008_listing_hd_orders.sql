ALTER TABLE "listing_photo" ADD COLUMN "hd_state" text;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hd_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hd_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hd_visualization_id" text;--> statement-breakpoint
CREATE INDEX "listing_photo_hd_order_idx" ON "listing_photo" USING btree ("hd_state") WHERE hd_state is not null;