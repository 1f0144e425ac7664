-- A contest's board reads every submission of the contest (server/modules/contest/board-state.ts):
-- with every column it reads in the index, grouped by participant, the read touches no table page.
DROP INDEX "judge_cid_uid_idx";--> statement-breakpoint
CREATE INDEX "judge_cid_uid_idx" ON "judge" USING btree ("cid","uid","submit_id","pid","status","score","time","submit_time");
