CREATE TABLE "admin_sys_notice_recipient" (
	"notice_id" integer NOT NULL,
	"uid" text NOT NULL,
	CONSTRAINT "admin_sys_notice_recipient_notice_id_uid_pk" PRIMARY KEY("notice_id","uid")
);
--> statement-breakpoint
CREATE TABLE "comment_like" (
	"comment_id" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_like_comment_id_uid_pk" PRIMARY KEY("comment_id","uid")
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"did" integer,
	"cid" integer,
	"uid" text,
	"from_name" text NOT NULL,
	"content" text NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"reply_num" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_one_parent" CHECK (num_nonnulls("comment"."did", "comment"."cid") = 1)
);
--> statement-breakpoint
CREATE TABLE "discussion_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_like" (
	"did" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_like_did_uid_pk" PRIMARY KEY("did","uid")
);
--> statement-breakpoint
CREATE TABLE "discussion_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"did" integer NOT NULL,
	"reporter_uid" text,
	"reporter" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"pid" text,
	"gid" integer,
	"uid" text,
	"author" text NOT NULL,
	"top_priority" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"view_num" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"uid" text,
	"from_name" text NOT NULL,
	"to_uid" text,
	"to_name" text,
	"content" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_sys_notice" DROP CONSTRAINT "admin_sys_notice_recipient_id_user_info_uid_fk";
--> statement-breakpoint
ALTER TABLE "admin_sys_notice_recipient" ADD CONSTRAINT "admin_sys_notice_recipient_notice_id_admin_sys_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."admin_sys_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sys_notice_recipient" ADD CONSTRAINT "admin_sys_notice_recipient_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_like" ADD CONSTRAINT "comment_like_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_like" ADD CONSTRAINT "comment_like_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_like" ADD CONSTRAINT "discussion_like_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_like" ADD CONSTRAINT "discussion_like_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_report" ADD CONSTRAINT "discussion_report_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_report" ADD CONSTRAINT "discussion_report_reporter_uid_user_info_uid_fk" FOREIGN KEY ("reporter_uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion" ADD CONSTRAINT "discussion_category_id_discussion_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."discussion_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion" ADD CONSTRAINT "discussion_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply" ADD CONSTRAINT "reply_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply" ADD CONSTRAINT "reply_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply" ADD CONSTRAINT "reply_to_uid_user_info_uid_fk" FOREIGN KEY ("to_uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_did_idx" ON "comment" USING btree ("did","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comment_cid_idx" ON "comment" USING btree ("cid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_category_name_uq" ON "discussion_category" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "discussion_report_status_idx" ON "discussion_report" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discussion_list_idx" ON "discussion" USING btree ("gid","top_priority" DESC NULLS LAST,"id" DESC NULLS LAST,"status","uid");--> statement-breakpoint
CREATE INDEX "discussion_pid_idx" ON "discussion" USING btree ("pid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discussion_uid_idx" ON "discussion" USING btree ("uid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discussion_category_idx" ON "discussion" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "reply_comment_idx" ON "reply" USING btree ("comment_id","id");--> statement-breakpoint
CREATE INDEX "msg_remind_list_idx" ON "msg_remind" USING btree ("recipient_id","action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_sys_notice_list_idx" ON "user_sys_notice" USING btree ("recipient_id","type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_sys_notice_delivery_uq" ON "user_sys_notice" USING btree ("sys_notice_id","recipient_id");--> statement-breakpoint
ALTER TABLE "admin_sys_notice" DROP COLUMN "recipient_id";--> statement-breakpoint
-- The discussion list's keyword search (ILIKE on title, description, author) reads trigram indexes;
-- pg_trgm ships with PostgreSQL and is a trusted extension (the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "discussion_title_trgm_idx" ON "discussion" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussion_description_trgm_idx" ON "discussion" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussion_author_trgm_idx" ON "discussion" USING gin ("author" gin_trgm_ops);--> statement-breakpoint
-- HOJ's default discussion categories (chat, solutions, help, suggestions, records), as HOJ names them.
INSERT INTO "discussion_category" ("name") VALUES ('闲聊'), ('题解'), ('求助'), ('建议'), ('记录');