CREATE TABLE "webhook_hd_seen" (
	"photo_id" text PRIMARY KEY NOT NULL,
	"attempt" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_batch" ALTER COLUMN "key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hd_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_batch" ADD COLUMN "concurrency" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_hd_seen" ADD CONSTRAINT "webhook_hd_seen_photo_id_listing_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."listing_photo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_key_id_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_key"("id") ON DELETE cascade ON UPDATE no action;