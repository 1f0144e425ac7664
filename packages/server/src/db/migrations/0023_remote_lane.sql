ALTER TABLE "problem" ADD COLUMN "remote_url" text;--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "is_remote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "judge_server" ADD COLUMN "remote_ojs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "judge_task" ADD COLUMN "enqueued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "judge_task" ADD COLUMN "not_before" timestamp with time zone;