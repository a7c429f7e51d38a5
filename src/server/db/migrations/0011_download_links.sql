ALTER TABLE "listing_share" ADD COLUMN "live_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Links made before: alive until the hour of the results they were made for (made at most then) ends.
UPDATE "listing_share" SET "live_until" = "created_at" + interval '1 hour';
