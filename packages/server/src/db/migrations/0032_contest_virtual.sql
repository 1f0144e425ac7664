-- Virtual participation (server/modules/contest/virtual.ts): runs, and their submissions marked in judge.vid;
-- the board's index carries vid so the real board leaves them out without reading the table.
CREATE TABLE "contest_virtual" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "judge_cid_uid_idx";--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "vid" integer;--> statement-breakpoint
ALTER TABLE "contest_virtual" ADD CONSTRAINT "contest_virtual_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_virtual" ADD CONSTRAINT "contest_virtual_uid_user_info_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_virtual_cid_uid_idx" ON "contest_virtual" USING btree ("cid","uid","start_time");--> statement-breakpoint
CREATE INDEX "judge_vid_idx" ON "judge" USING btree ("vid","submit_id") WHERE "judge"."vid" is not null;--> statement-breakpoint
CREATE INDEX "judge_cid_uid_idx" ON "judge" USING btree ("cid","uid","submit_id","pid","status","score","time","submit_time","vid");