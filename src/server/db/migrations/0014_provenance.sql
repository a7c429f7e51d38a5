CREATE TABLE "proof" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"result_image_id" text,
	"original_image_id" text,
	"visualization_id" text NOT NULL,
	"ai" boolean NOT NULL,
	"mode" text NOT NULL,
	"style_id" text,
	"engine" text NOT NULL,
	"model" text,
	"original_sha256" text,
	"structure_score" real,
	"structure_findings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof" ADD CONSTRAINT "proof_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_visualization_idx" ON "proof" USING btree ("visualization_id");--> statement-breakpoint
CREATE INDEX "proof_result_idx" ON "proof" USING btree ("result_image_id");