DROP INDEX "judge_display_pid_idx";--> statement-breakpoint
CREATE INDEX "judge_public_pid_idx" ON "judge" USING btree ("pid","submit_id","status") WHERE "judge"."cid" = 0 and "judge"."gid" is null;