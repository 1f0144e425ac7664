DROP INDEX "judge_cid_idx";--> statement-breakpoint
CREATE INDEX "judge_cid_uid_idx" ON "judge" USING btree ("cid","uid");