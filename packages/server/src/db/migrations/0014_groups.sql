CREATE TABLE "group_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"gid" integer NOT NULL,
	"uid" text NOT NULL,
	"auth" integer NOT NULL,
	"reason" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar" text,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"brief" text NOT NULL,
	"description" text NOT NULL,
	"owner_uid" text,
	"owner" text NOT NULL,
	"auth" integer NOT NULL,
	"code" text,
	"visible" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group" ADD CONSTRAINT "group_owner_uid_user_info_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_member_uq" ON "group_member" USING btree ("gid","uid");--> statement-breakpoint
CREATE INDEX "group_member_uid_idx" ON "group_member" USING btree ("uid","auth");--> statement-breakpoint
CREATE INDEX "group_member_list_idx" ON "group_member" USING btree ("gid","auth");--> statement-breakpoint
CREATE UNIQUE INDEX "group_name_uq" ON "group" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "group_short_name_uq" ON "group" USING btree (lower("short_name"));--> statement-breakpoint
CREATE INDEX "group_owner_idx" ON "group" USING btree ("owner_uid","gmt_create");--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem" ADD CONSTRAINT "problem_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge" ADD CONSTRAINT "judge_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest" ADD CONSTRAINT "contest_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_category" ADD CONSTRAINT "training_category_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training" ADD CONSTRAINT "training_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion" ADD CONSTRAINT "discussion_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_group_idx" ON "judge" USING btree ("gid","submit_id") WHERE "judge"."gid" is not null;--> statement-breakpoint
CREATE INDEX "judge_group_rank_idx" ON "judge" USING btree ("gid","uid","pid","status","oi_rank_score") WHERE "judge"."gid" is not null and "judge"."cid" = 0;