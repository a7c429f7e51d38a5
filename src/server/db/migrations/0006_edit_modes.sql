ALTER TABLE "visualization" ALTER COLUMN "style_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "batch" ADD COLUMN "mode" text DEFAULT 'restyle' NOT NULL;--> statement-breakpoint
ALTER TABLE "batch" ADD COLUMN "params" jsonb DEFAULT '{"creativity":"balanced"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batch" ADD COLUMN "mask_image_id" text;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "variant" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "seed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "structure_score" real;--> statement-breakpoint
ALTER TABLE "visualization" ADD COLUMN "remake_of" text;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_mask_image_id_image_id_fk" FOREIGN KEY ("mask_image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visualization_remake_of_idx" ON "visualization" USING btree ("remake_of");