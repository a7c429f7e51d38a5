CREATE TABLE "webhook_result_hd_seen" (
	"visualization_id" text PRIMARY KEY NOT NULL,
	"attempt" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_result_hd_seen" ADD CONSTRAINT "webhook_result_hd_seen_visualization_id_visualization_id_fk" FOREIGN KEY ("visualization_id") REFERENCES "public"."visualization"("id") ON DELETE cascade ON UPDATE no action;