CREATE TABLE "api_result_hd_order" (
	"visualization_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_result_hd_order" ADD CONSTRAINT "api_result_hd_order_visualization_id_visualization_id_fk" FOREIGN KEY ("visualization_id") REFERENCES "public"."visualization"("id") ON DELETE cascade ON UPDATE no action;