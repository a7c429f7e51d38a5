ALTER TABLE "visualization" ADD COLUMN "hd_image_id" text;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "hd_state" text;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "hd_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "hd_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "hd_ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visualization" ADD CONSTRAINT "visualization_hd_image_id_image_id_fk" FOREIGN KEY ("hd_image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visualization_hd_order_idx" ON "visualization" USING btree ("hd_state") WHERE hd_state is not null;