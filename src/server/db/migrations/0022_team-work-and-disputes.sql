CREATE TABLE "payment_dispute" (
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_grosze" integer NOT NULL,
	"state" text NOT NULL,
	"tokens_frozen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_dispute_provider_provider_dispute_id_pk" PRIMARY KEY("provider","provider_dispute_id")
);
--> statement-breakpoint
ALTER TABLE "image" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "payment_dispute" ADD CONSTRAINT "payment_dispute_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_dispute_payment_idx" ON "payment_dispute" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_team_idx" ON "batch" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "image_team_idx" ON "image" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "api_key_team_idx" ON "api_key" USING btree ("team_id","created_at");