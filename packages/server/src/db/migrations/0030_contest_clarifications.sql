CREATE TABLE "contest_clarification" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"problem_id" integer,
	"content" text NOT NULL,
	"answer" text,
	"public" boolean DEFAULT false NOT NULL,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"announcement_id" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_clarification" ADD CONSTRAINT "contest_clarification_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarification" ADD CONSTRAINT "contest_clarification_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarification" ADD CONSTRAINT "contest_clarification_problem_id_contest_problem_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."contest_problem"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarification" ADD CONSTRAINT "contest_clarification_answered_by_user_info_uid_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user_info"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarification" ADD CONSTRAINT "contest_clarification_announcement_id_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_clarification_cid_idx" ON "contest_clarification" USING btree ("cid","answered_at","id");--> statement-breakpoint
CREATE INDEX "contest_clarification_uid_idx" ON "contest_clarification" USING btree ("cid","uid","id");