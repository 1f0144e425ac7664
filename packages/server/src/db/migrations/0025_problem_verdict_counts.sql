CREATE TABLE "problem_verdict_count" (
	"pid" integer NOT NULL,
	"cid" integer NOT NULL,
	"status" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "problem_verdict_count_pid_cid_status_pk" PRIMARY KEY("pid","cid","status")
);
--> statement-breakpoint
-- Counts moved by one statement on `judge`, a key at a time in key order: concurrent statements lock
-- the counters they share in the same order (no deadlock between two rejudges), and a bulk statement
-- (a problem's rejudge, a contest deleted) writes each counter once, not once per submission.
CREATE FUNCTION problem_verdict_count_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO problem_verdict_count AS c (pid, cid, status, n)
  SELECT d.pid, d.cid, d.status, d.n
  FROM jsonb_to_recordset(deltas) AS d(pid int, cid int, status int, n int)
  WHERE d.n <> 0
  ORDER BY d.pid, d.cid, d.status
  ON CONFLICT (pid, cid, status) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION judge_verdict_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (SELECT pid, cid, status, count(*)::int AS n FROM new_rows GROUP BY 1, 2, 3) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (SELECT pid, cid, status, -count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) x;
  ELSE
    -- Most updates of `judge` (sharing, progress, error text) change none of the three: nothing to do.
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT pid, cid, status, sum(k)::int AS n FROM (
        SELECT o.pid, o.cid, o.status, -1 AS k FROM old_rows o JOIN new_rows w USING (submit_id)
          WHERE (o.pid, o.cid, o.status) IS DISTINCT FROM (w.pid, w.cid, w.status)
        UNION ALL
        SELECT w.pid, w.cid, w.status, 1 FROM old_rows o JOIN new_rows w USING (submit_id)
          WHERE (o.pid, o.cid, o.status) IS DISTINCT FROM (w.pid, w.cid, w.status)
      ) m GROUP BY 1, 2, 3
    ) x;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM problem_verdict_count_add(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER judge_verdict_count_insert AFTER INSERT ON judge REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION judge_verdict_count_trigger();
--> statement-breakpoint
CREATE TRIGGER judge_verdict_count_update AFTER UPDATE ON judge REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION judge_verdict_count_trigger();
--> statement-breakpoint
CREATE TRIGGER judge_verdict_count_delete AFTER DELETE ON judge REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION judge_verdict_count_trigger();
--> statement-breakpoint
CREATE FUNCTION judge_verdict_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM problem_verdict_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER judge_verdict_count_truncate AFTER TRUNCATE ON judge
  FOR EACH STATEMENT EXECUTE FUNCTION judge_verdict_count_truncate();
--> statement-breakpoint
-- The repair (and the first fill): the counts recomputed from `judge`, with `judge` closed to writes
-- meanwhile (SHARE lock, for this transaction) so no verdict lands between the count and the write.
-- Only counters that differ are written; answers how many did.
CREATE FUNCTION problem_verdict_count_repair() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  fixed int;
BEGIN
  LOCK TABLE judge IN SHARE MODE;
  LOCK TABLE problem_verdict_count IN EXCLUSIVE MODE;
  CREATE TEMP TABLE verdict_count_truth ON COMMIT DROP AS
    SELECT pid, cid, status, count(*)::int AS n FROM judge GROUP BY 1, 2, 3;
  WITH wrong AS (
    SELECT coalesce(t.pid, c.pid) AS pid, coalesce(t.cid, c.cid) AS cid, coalesce(t.status, c.status) AS status, coalesce(t.n, 0) AS n
    FROM verdict_count_truth t FULL JOIN problem_verdict_count c USING (pid, cid, status)
    WHERE coalesce(t.n, 0) IS DISTINCT FROM coalesce(c.n, 0)
  ), gone AS (
    DELETE FROM problem_verdict_count c USING wrong w WHERE (c.pid, c.cid, c.status) = (w.pid, w.cid, w.status) AND w.n = 0 RETURNING 1
  ), put AS (
    INSERT INTO problem_verdict_count AS c (pid, cid, status, n) SELECT pid, cid, status, n FROM wrong WHERE n <> 0
    ON CONFLICT (pid, cid, status) DO UPDATE SET n = excluded.n RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM put) INTO fixed;
  DROP TABLE verdict_count_truth;
  RETURN fixed;
END $$;
--> statement-breakpoint
SELECT problem_verdict_count_repair();
