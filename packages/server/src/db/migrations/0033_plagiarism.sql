CREATE TABLE "plagiarism_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer,
	"pid" integer,
	"mode" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" integer,
	"lease_token" text,
	"lease_deadline" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plagiarism_pair" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"language" text NOT NULL,
	"left_submit_id" integer NOT NULL,
	"right_submit_id" integer NOT NULL,
	"similarity" double precision NOT NULL,
	"longest" integer NOT NULL,
	"overlap" integer NOT NULL,
	"fragments" jsonb NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plagiarism_check" ADD CONSTRAINT "plagiarism_check_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_check" ADD CONSTRAINT "plagiarism_check_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_check" ADD CONSTRAINT "plagiarism_check_lease_owner_judge_server_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."judge_server"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_check" ADD CONSTRAINT "plagiarism_check_created_by_user_info_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_pair" ADD CONSTRAINT "plagiarism_pair_check_id_plagiarism_check_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."plagiarism_check"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_pair" ADD CONSTRAINT "plagiarism_pair_left_submit_id_judge_submit_id_fk" FOREIGN KEY ("left_submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_pair" ADD CONSTRAINT "plagiarism_pair_right_submit_id_judge_submit_id_fk" FOREIGN KEY ("right_submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plagiarism_check_queue_idx" ON "plagiarism_check" USING btree ("id") WHERE "plagiarism_check"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "plagiarism_check_cid_idx" ON "plagiarism_check" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "plagiarism_check_pid_idx" ON "plagiarism_check" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "plagiarism_pair_check_idx" ON "plagiarism_pair" USING btree ("check_id","similarity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plagiarism_pair_left_idx" ON "plagiarism_pair" USING btree ("left_submit_id");--> statement-breakpoint
CREATE INDEX "plagiarism_pair_right_idx" ON "plagiarism_pair" USING btree ("right_submit_id");