CREATE TABLE "batch" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source_image_id" text,
	"room_type" text NOT NULL,
	"engine" text NOT NULL,
	"request_id" text NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_event" (
	"batch_id" text NOT NULL,
	"seq" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_event_batch_id_seq_pk" PRIMARY KEY("batch_id","seq")
);
--> statement-breakpoint
CREATE TABLE "generation_job" (
	"visualization_id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claim_token" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_job_attempts" CHECK ("generation_job"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "image" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visualization" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"style_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real,
	"result_image_id" text,
	"failure_reason" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_source_image_id_image_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_event" ADD CONSTRAINT "batch_event_batch_id_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_job" ADD CONSTRAINT "generation_job_visualization_id_visualization_id_fk" FOREIGN KEY ("visualization_id") REFERENCES "public"."visualization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image" ADD CONSTRAINT "image_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualization" ADD CONSTRAINT "visualization_batch_id_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualization" ADD CONSTRAINT "visualization_result_image_id_image_id_fk" FOREIGN KEY ("result_image_id") REFERENCES "public"."image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_user_request_idx" ON "batch" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "batch_user_idx" ON "batch" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_expires_idx" ON "batch" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "generation_job_ready_idx" ON "generation_job" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "image_user_idx" ON "image" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "image_expires_idx" ON "image" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "visualization_batch_idx" ON "visualization" USING btree ("batch_id","position");