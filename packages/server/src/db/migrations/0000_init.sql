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
	"gid" integer,
	"judger" text,
	"is_manual" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"share" boolean DEFAULT false NOT NULL,
	"oi_rank_score" integer,
	"ip" text
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
ALTER TABLE "judge" ADD CONSTRAINT "judge_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "judge_uid_time_idx" ON "judge" USING btree ("uid","submit_time");--> statement-breakpoint
CREATE INDEX "judge_pid_idx" ON "judge" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "judge_cid_idx" ON "judge" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "judge_status_idx" ON "judge" USING btree ("status");