ALTER TABLE "image" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_team_idx" ON "batch" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "image_team_idx" ON "image" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "api_key_team_idx" ON "api_key" USING btree ("team_id","created_at");