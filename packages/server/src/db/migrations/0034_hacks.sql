CREATE TABLE "contest_hack" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"pid" integer NOT NULL,
	"display_id" text NOT NULL,
	"hacker_uid" text NOT NULL,
	"submit_id" integer NOT NULL,
	"input" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"verdict" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"victim_status" integer,
	"added_to_tests" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" integer,
	"lease_token" text,
	"lease_deadline" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contest_problem_lock" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"display_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_problem_lock_cid_uid_display_id_pk" PRIMARY KEY("cid","uid","display_id")
);
--> statement-breakpoint
CREATE TABLE "problem_hack_kit" (
	"pid" integer PRIMARY KEY NOT NULL,
	"validator_type" text NOT NULL,
	"validator_code" text NOT NULL,
	"reference_language" text NOT NULL,
	"reference_code" text NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest" ADD COLUMN "allow_hacks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_hack" ADD CONSTRAINT "contest_hack_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_hack" ADD CONSTRAINT "contest_hack_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_hack" ADD CONSTRAINT "contest_hack_hacker_uid_user_info_uid_fk" FOREIGN KEY ("hacker_uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_hack" ADD CONSTRAINT "contest_hack_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_hack" ADD CONSTRAINT "contest_hack_lease_owner_judge_server_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."judge_server"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem_lock" ADD CONSTRAINT "contest_problem_lock_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem_lock" ADD CONSTRAINT "contest_problem_lock_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_hack_kit" ADD CONSTRAINT "problem_hack_kit_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_hack_queue_idx" ON "contest_hack" USING btree ("id") WHERE "contest_hack"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "contest_hack_cid_idx" ON "contest_hack" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contest_hack_hacker_idx" ON "contest_hack" USING btree ("hacker_uid","cid");