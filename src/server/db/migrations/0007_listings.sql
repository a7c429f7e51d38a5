CREATE TABLE "listing" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"last_room_type" text,
	"disclosure_label" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_batch" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"photo_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_photo" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"image_id" text,
	"position" integer NOT NULL,
	"room_type" text NOT NULL,
	"chosen_visualization_id" text,
	"hd_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_share" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_style" (
	"listing_id" text NOT NULL,
	"style_id" text NOT NULL,
	"seed" integer NOT NULL,
	"brief" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_style_listing_id_style_id_pk" PRIMARY KEY("listing_id","style_id")
);
--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_batch" ADD CONSTRAINT "listing_batch_batch_id_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_batch" ADD CONSTRAINT "listing_batch_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_batch" ADD CONSTRAINT "listing_batch_photo_id_listing_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."listing_photo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_image_id_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_chosen_visualization_id_visualization_id_fk" FOREIGN KEY ("chosen_visualization_id") REFERENCES "public"."visualization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_hd_image_id_image_id_fk" FOREIGN KEY ("hd_image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_share" ADD CONSTRAINT "listing_share_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_style" ADD CONSTRAINT "listing_style_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_user_idx" ON "listing" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_batch_listing_idx" ON "listing_batch" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_batch_photo_idx" ON "listing_batch" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "listing_photo_listing_idx" ON "listing_photo" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_share_token_idx" ON "listing_share" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "listing_share_listing_idx" ON "listing_share" USING btree ("listing_id");