CREATE TABLE "group_code_failure" (
	"gid" integer NOT NULL,
	"uid" text NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_code_failure_gid_uid_pk" PRIMARY KEY("gid","uid")
);
--> statement-breakpoint
ALTER TABLE "group_code_failure" ADD CONSTRAINT "group_code_failure_gid_group_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_code_failure" ADD CONSTRAINT "group_code_failure_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;