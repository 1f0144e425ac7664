CREATE TABLE "contest_password_failure" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_password_failure_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
ALTER TABLE "contest_password_failure" ADD CONSTRAINT "contest_password_failure_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_password_failure" ADD CONSTRAINT "contest_password_failure_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;