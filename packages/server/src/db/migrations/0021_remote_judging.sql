CREATE TABLE "remote_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"oj" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"session_sealed" text,
	"state" text DEFAULT 'free' NOT NULL,
	"lease_task" integer,
	"lease_deadline" timestamp with time zone,
	"last_error" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problem" ADD COLUMN "remote_oj" text;--> statement-breakpoint
ALTER TABLE "problem" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "remote_run_id" text;--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "remote_account_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_account_uq" ON "remote_account" USING btree ("oj",lower("username"));--> statement-breakpoint
CREATE INDEX "remote_account_free_idx" ON "remote_account" USING btree ("oj","id") WHERE "remote_account"."lease_task" is null;