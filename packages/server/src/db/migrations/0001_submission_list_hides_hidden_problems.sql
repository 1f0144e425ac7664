DROP INDEX "judge_public_idx";--> statement-breakpoint
DROP INDEX "judge_public_status_idx";--> statement-breakpoint
DROP INDEX "judge_username_idx";--> statement-breakpoint
DROP INDEX "judge_display_pid_idx";--> statement-breakpoint
CREATE INDEX "problem_hidden_idx" ON "problem" USING btree ("id") WHERE "problem"."auth" <> 1;--> statement-breakpoint
CREATE INDEX "judge_public_idx" ON "judge" USING btree ("submit_id","pid") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_public_status_idx" ON "judge" USING btree ("status","submit_id","pid") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_username_idx" ON "judge" USING btree ("username","submit_id","status","pid") WHERE "judge"."cid" = 0 and "judge"."gid" is null;--> statement-breakpoint
CREATE INDEX "judge_display_pid_idx" ON "judge" USING btree (upper("display_pid"),"submit_id","display_pid","pid") WHERE "judge"."cid" = 0 and "judge"."gid" is null;