ALTER TABLE "image" ADD COLUMN "display_key" text;--> statement-breakpoint
ALTER TABLE "image" ADD COLUMN "display_width" integer;