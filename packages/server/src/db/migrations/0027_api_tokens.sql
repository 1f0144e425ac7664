ALTER TABLE "auth_session" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "scopes" text[];