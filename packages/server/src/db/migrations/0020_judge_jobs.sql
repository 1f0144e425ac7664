CREATE TABLE "judge_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"lease_ms" integer NOT NULL,
	"lease_owner" integer,
	"lease_token" text,
	"lease_deadline" timestamp with time zone,
	"uploaded_bytes" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "judge_job" ADD CONSTRAINT "judge_job_lease_owner_judge_server_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."judge_server"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_job_queue_idx" ON "judge_job" USING btree ("id") WHERE "judge_job"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "judge_job_created_idx" ON "judge_job" USING btree ("created_at");