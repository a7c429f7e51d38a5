CREATE TABLE "active_account" (
	"user_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_balance_non_negative" CHECK ("team"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_member" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"monthly_cap" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"payment_id" text NOT NULL,
	"corrects_invoice_id" text,
	"product_id" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"gross_grosze" integer NOT NULL,
	"net_grosze" integer NOT NULL,
	"vat_grosze" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"xml" text NOT NULL,
	"ksef_number" text,
	"ksef_reference" text
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counter_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "batch" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "checkout_order" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "checkout_order" ADD COLUMN "invoice_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "active_account" ADD CONSTRAINT "active_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_account" ADD CONSTRAINT "active_account_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_owner_idx" ON "team" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitation_token_idx" ON "team_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitation_team_idx" ON "team_invitation" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "team_member_user_idx" ON "team_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_idx" ON "invoice" USING btree ("series","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payment_kind_idx" ON "invoice" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "invoice_user_idx" ON "invoice" USING btree ("user_id","issued_at");--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_ledger_team_idx" ON "token_ledger" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_team_idx" ON "listing" USING btree ("team_id","created_at");