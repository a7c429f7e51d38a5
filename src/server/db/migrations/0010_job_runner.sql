CREATE TABLE "job_owner_turn" (
	"queue" text NOT NULL,
	"owner_id" text NOT NULL,
	"last_claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_owner_turn_queue_owner_id_pk" PRIMARY KEY("queue","owner_id")
);
--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "brief" text;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "reference_group" text;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "reference_rank" integer;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hd_ordered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "visualization_reference_group_idx" ON "visualization" USING btree ("reference_group") WHERE reference_group is not null;--> statement-breakpoint
-- Listings' visualizations not yet finished carry what their job needs, as new ones are written with it.
UPDATE "visualization" v SET
	"brief" = coalesce((SELECT ls."brief" FROM "listing_style" ls WHERE ls."listing_id" = lb."listing_id" AND ls."style_id" = v."style_id"), ''),
	"reference_group" = 'listing:' || lb."listing_id" || ':' || b."mode" || ':' || coalesce('style:' || v."style_id", 'params:' || md5(b."params"::text)),
	"reference_rank" = p."position",
	"seed" = coalesce(nullif((coalesce(
		(SELECT ls."seed"::bigint FROM "listing_style" ls WHERE ls."listing_id" = lb."listing_id" AND ls."style_id" = v."style_id"),
		('x' || substr(encode(sha256(convert_to('listing:' || lb."listing_id", 'UTF8')), 'hex'), 1, 8))::bit(32)::bigint
	) + v."variant" * 7919) % 2147483647, 0), 1)
FROM "listing_batch" lb
JOIN "batch" b ON b."id" = lb."batch_id"
JOIN "listing_photo" p ON p."id" = lb."photo_id"
WHERE v."batch_id" = lb."batch_id" AND v."status" IN ('queued', 'running');
--> statement-breakpoint
UPDATE "listing_photo" SET "hd_ordered_at" = "created_at" WHERE "hd_state" IS NOT NULL;
