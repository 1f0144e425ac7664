CREATE TABLE "training_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_password_failure" (
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_password_failure_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training_problem" (
	"id" serial PRIMARY KEY NOT NULL,
	"tid" integer NOT NULL,
	"pid" integer NOT NULL,
	"rank" integer DEFAULT 1000 NOT NULL,
	"display_id" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_rank" (
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"total_run_time" integer DEFAULT 0 NOT NULL,
	"last_ac_time" timestamp with time zone,
	"cells" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_rank_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training_register" (
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_register_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author" text,
	"uid" text,
	"auth" text DEFAULT 'Public' NOT NULL,
	"private_pwd" text,
	"rank" integer DEFAULT 1000 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"gid" integer,
	"category_id" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "tid" integer;--> statement-breakpoint
ALTER TABLE "training_password_failure" ADD CONSTRAINT "training_password_failure_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_password_failure" ADD CONSTRAINT "training_password_failure_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_problem" ADD CONSTRAINT "training_problem_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_problem" ADD CONSTRAINT "training_problem_pid_problem_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_rank" ADD CONSTRAINT "training_rank_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_rank" ADD CONSTRAINT "training_rank_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_register" ADD CONSTRAINT "training_register_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_register" ADD CONSTRAINT "training_register_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training" ADD CONSTRAINT "training_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training" ADD CONSTRAINT "training_category_id_training_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."training_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_category_name_uq" ON "training_category" USING btree (coalesce("gid", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "training_problem_uq" ON "training_problem" USING btree ("tid","pid");--> statement-breakpoint
CREATE INDEX "training_problem_pid_idx" ON "training_problem" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "training_rank_order_idx" ON "training_rank" USING btree ("tid","ac" DESC NULLS LAST,"total_run_time","last_ac_time","uid");--> statement-breakpoint
CREATE INDEX "training_list_idx" ON "training" USING btree ("gid","status","rank","id");--> statement-breakpoint
CREATE INDEX "training_category_idx" ON "training" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "judge_training_idx" ON "judge" USING btree ("tid","uid","pid") WHERE "judge"."tid" is not null;