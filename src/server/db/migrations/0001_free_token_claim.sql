CREATE TABLE "free_token_claim" (
	"email_sha256" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
