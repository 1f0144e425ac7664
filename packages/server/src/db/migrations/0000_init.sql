CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"key" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"uid" text,
	"code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failure_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
CREATE TABLE "used_puzzle" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"uid" text NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_uid_role_id_pk" PRIMARY KEY("uid","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_info" (
	"uid" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"nickname" text,
	"realname" text,
	"school" text,
	"course" text,
	"number" text,
	"gender" text DEFAULT 'secrecy' NOT NULL,
	"avatar" text,
	"signature" text,
	"github" text,
	"blog" text,
	"cf_username" text,
	"cf_session" text,
	"title_name" text,
	"title_color" text,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"uid" text,
	"status" integer DEFAULT 0 NOT NULL,
	"cid" integer,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_carousel" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sys_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"recipient_id" text,
	"admin_id" text,
	"state" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_remind" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"source_id" integer,
	"source_type" text,
	"source_content" text,
	"quote_id" integer,
	"quote_type" text,
	"url" text,
	"state" boolean DEFAULT false NOT NULL,
	"sender_id" text,
	"recipient_id" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sys_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"sys_notice_id" integer,
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text,
	"content" text,
	"state" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language" (
	"id" serial PRIMARY KEY NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"compile_command" text DEFAULT '' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"code_template" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT 'text/plain' NOT NULL,
	"is_spj" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"input_name" text NOT NULL,
	"input_hash" text NOT NULL,
	"input_size" integer NOT NULL,
	"output_name" text NOT NULL,
	"output_hash" text NOT NULL,
	"output_size" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"group_num" integer DEFAULT 1 NOT NULL,
	"seq" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem" (
	"id" serial PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"title" text NOT NULL,
	"author" text,
	"type" integer DEFAULT 0 NOT NULL,
	"time_limit" integer DEFAULT 1000 NOT NULL,
	"memory_limit" integer DEFAULT 256 NOT NULL,
	"stack_limit" integer DEFAULT 128 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input" text DEFAULT '' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 1 NOT NULL,
	"io_score" integer DEFAULT 100 NOT NULL,
	"code_share" boolean DEFAULT true NOT NULL,
	"judge_mode" text DEFAULT 'default' NOT NULL,
	"judge_case_mode" text DEFAULT 'default' NOT NULL,
	"user_extra_file" jsonb,
	"judge_extra_file" jsonb,
	"spj_code" text,
	"spj_language" text,
	"is_remove_end_blank" boolean DEFAULT false NOT NULL,
	"open_case_result" boolean DEFAULT true NOT NULL,
	"is_upload_case" boolean DEFAULT true NOT NULL,
	"is_file_io" boolean DEFAULT false NOT NULL,
	"io_read_file_name" text,
	"io_write_file_name" text,
	"case_version" text DEFAULT '0' NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"gid" integer,
	"apply_public_progress" integer,
	"modified_user" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"submit_id" integer NOT NULL,
	"uid" text,
	"pid" integer,
	"case_id" integer,
	"status" integer NOT NULL,
	"time" integer DEFAULT 0 NOT NULL,
	"memory" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"group_num" integer,
	"seq" integer NOT NULL,
	"mode" text DEFAULT 'default' NOT NULL,
	"input_data" text,
	"output_data" text,
	"user_output" text,
	"message" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge" (
	"submit_id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"display_pid" text NOT NULL,
	"uid" text NOT NULL,
	"username" text NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"score" integer,
	"time" integer,
	"memory" integer,
	"length" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"cid" integer DEFAULT 0 NOT NULL,
	"cpid" integer DEFAULT 0 NOT NULL,
	"gid" integer,
	"judger" text,
	"is_manual" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"share" boolean DEFAULT false NOT NULL,
	"oi_rank_score" integer,
	"ip" text,
	"version" integer DEFAULT 0 NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_server" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ip" text,
	"cpu_count" integer DEFAULT 1 NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"running" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"last_heartbeat" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_server_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "judge_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"submit_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"lease_owner" integer,
	"lease_token" text,
	"lease_deadline" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "judge_task_submit_id_unique" UNIQUE("submit_id")
);
--> statement-breakpoint
CREATE TABLE "problem_tag" (
	"pid" integer NOT NULL,
	"tid" integer NOT NULL,
	CONSTRAINT "problem_tag_pid_tid_pk" PRIMARY KEY("pid","tid")
);
--> statement-breakpoint
CREATE TABLE "tag_classification" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"oj" text DEFAULT 'ME' NOT NULL,
	"gid" integer,
	"tcid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"uid" text NOT NULL,
	"pid" integer NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"input" text NOT NULL,
	"expected_output" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" integer,
	"lease_token" text,
	"lease_deadline" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "test_run_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "contest_ac_check" (
	"submit_id" integer PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_print" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"username" text NOT NULL,
	"realname" text,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_problem" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"pid" integer NOT NULL,
	"display_id" text NOT NULL,
	"display_title" text NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "contest_register" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text,
	"author" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 0 NOT NULL,
	"pwd" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"seal_rank" boolean DEFAULT false NOT NULL,
	"seal_rank_time" timestamp with time zone,
	"auto_real_rank" boolean DEFAULT true NOT NULL,
	"open_print" boolean DEFAULT false NOT NULL,
	"open_rank" boolean DEFAULT false NOT NULL,
	"rank_show_name" text DEFAULT 'username' NOT NULL,
	"open_account_limit" boolean DEFAULT false NOT NULL,
	"account_limit_rule" text,
	"star_account" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oi_rank_score_type" text DEFAULT 'Recent' NOT NULL,
	"award_type" integer DEFAULT 0 NOT NULL,
	"award_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_end_submit" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_carousel" ADD CONSTRAINT "home_carousel_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sys_notice" ADD CONSTRAINT "admin_sys_notice_recipient_id_user_info_uid_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sys_notice" ADD CONSTRAINT "admin_sys_notice_admin_id_user_info_uid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_remind" ADD CONSTRAINT "msg_remind_sender_id_user_info_uid_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_remind" ADD CONSTRAINT "msg_remind_recipient_id_user_info_uid_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sys_notice" ADD CONSTRAINT "user_sys_notice_sys_notice_id_admin_sys_notice_id_fk" FOREIGN KEY ("sys_notice_id") REFERENCES "public"."admin_sys_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sys_notice" ADD CONSTRAINT "user_sys_notice_recipient_id_user_info_uid_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_case" ADD CONSTRAINT "problem_case_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_case" ADD CONSTRAINT "judge_case_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_case" ADD CONSTRAINT "judge_case_case_id_problem_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."problem_case"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge" ADD CONSTRAINT "judge_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_task" ADD CONSTRAINT "judge_task_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_task" ADD CONSTRAINT "judge_task_lease_owner_judge_server_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."judge_server"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tag" ADD CONSTRAINT "problem_tag_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tag" ADD CONSTRAINT "problem_tag_tid_tag_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_tcid_tag_classification_id_fk" FOREIGN KEY ("tcid") REFERENCES "public"."tag_classification"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run" ADD CONSTRAINT "test_run_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run" ADD CONSTRAINT "test_run_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run" ADD CONSTRAINT "test_run_lease_owner_judge_server_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."judge_server"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ac_check" ADD CONSTRAINT "contest_ac_check_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ac_check" ADD CONSTRAINT "contest_ac_check_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_print" ADD CONSTRAINT "contest_print_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_print" ADD CONSTRAINT "contest_print_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem" ADD CONSTRAINT "contest_problem_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem" ADD CONSTRAINT "contest_problem_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_register" ADD CONSTRAINT "contest_register_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_register" ADD CONSTRAINT "contest_register_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest" ADD CONSTRAINT "contest_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_uid_idx" ON "auth_session" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "auth_session_created_idx" ON "auth_session" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "captcha_expires_idx" ON "captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "email_code_lookup_idx" ON "email_code" USING btree ("purpose","email","created_at");--> statement-breakpoint
CREATE INDEX "email_code_ip_idx" ON "email_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "used_puzzle_expires_idx" ON "used_puzzle" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_info_username_uq" ON "user_info" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_info_email_uq" ON "user_info" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "announcement_site_idx" ON "announcement" USING btree ("status","gmt_create");--> statement-breakpoint
CREATE INDEX "msg_remind_recipient_idx" ON "msg_remind" USING btree ("recipient_id","state");--> statement-breakpoint
CREATE INDEX "user_sys_notice_recipient_idx" ON "user_sys_notice" USING btree ("recipient_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "language_oj_name_uq" ON "language" USING btree ("oj","name");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_case_pid_seq_uq" ON "problem_case" USING btree ("pid","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_problem_id_uq" ON "problem" USING btree (upper("problem_id"));--> statement-breakpoint
CREATE INDEX "problem_gid_idx" ON "problem" USING btree ("gid");--> statement-breakpoint
CREATE INDEX "problem_list_idx" ON "problem" USING btree ("auth","id","is_remote","difficulty","type","problem_id","title") WHERE "problem"."gid" is null and "problem"."is_group" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "judge_case_submit_seq_uq" ON "judge_case" USING btree ("submit_id","seq");--> statement-breakpoint
CREATE INDEX "judge_uid_time_idx" ON "judge" USING btree ("uid","submit_time");--> statement-breakpoint
CREATE INDEX "judge_pid_idx" ON "judge" USING btree ("pid","cid","status");--> statement-breakpoint
CREATE INDEX "judge_cid_idx" ON "judge" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "judge_public_idx" ON "judge" USING btree ("submit_id") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_public_status_idx" ON "judge" USING btree ("status","submit_id") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_username_idx" ON "judge" USING btree ("username","submit_id","status") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_display_pid_idx" ON "judge" USING btree (upper("display_pid"),"submit_id","display_pid") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_rank_idx" ON "judge" USING btree ("uid","pid","status","oi_rank_score") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_ac_time_idx" ON "judge" USING btree ("submit_time","uid","pid") WHERE "judge"."status" = 0 and "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_submit_time_idx" ON "judge" USING btree ("submit_time","status");--> statement-breakpoint
CREATE INDEX "judge_task_queue_idx" ON "judge_task" USING btree ("priority" DESC,"id") WHERE "judge_task"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "judge_task_lease_idx" ON "judge_task" USING btree ("lease_deadline") WHERE "judge_task"."status" = 'leased';--> statement-breakpoint
CREATE INDEX "problem_tag_tid_idx" ON "problem_tag" USING btree ("tid");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_oj_name_uq" ON "tag" USING btree ("oj","name");--> statement-breakpoint
CREATE INDEX "test_run_queue_idx" ON "test_run" USING btree ("id") WHERE "test_run"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "test_run_uid_idx" ON "test_run" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "test_run_created_idx" ON "test_run" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contest_print_cid_idx" ON "contest_print" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contest_print_uid_idx" ON "contest_print" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problem_display_uq" ON "contest_problem" USING btree ("cid",upper("display_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problem_pid_uq" ON "contest_problem" USING btree ("cid","pid");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_register_uq" ON "contest_register" USING btree ("cid","uid");--> statement-breakpoint
CREATE INDEX "contest_start_idx" ON "contest" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "contest_uid_idx" ON "contest" USING btree ("uid");