-- The training rank (spec 2 "Training rank record"), kept by the database: one row per (training, user)
-- in training_rank, recomputed for that pair alone whenever a submission made inside the training is
-- inserted or its verdict or run time changes (judging, rejudge, manual verdict, cancel, the lease
-- sweeps: every writer of judge.status), and for the users concerned when a problem joins or leaves
-- the training. Reading the rank is then one index range of training_rank (bench/training-rank.ts).
-- Rules: ac = problems of the training accepted inside it; total_run_time = sum over those of the
-- fastest accepted run; last_ac_time = when the current ac count was reached (the latest first AC);
-- a cell is status 0 with the fastest accepted run once accepted, else the latest verdict and its run.
CREATE FUNCTION training_rank_refresh(p_tid integer, p_uid text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One pair at a time: two verdicts of the same user committed together must not each write a sum
  -- that misses the other (each statement below then reads what the other committed).
  PERFORM pg_advisory_xact_lock(p_tid, hashtext(p_uid));
  WITH per AS (
    SELECT j.pid,
      bool_or(j.status = 0) AS solved,
      min(j.time) FILTER (WHERE j.status = 0) AS best,
      min(j.submit_time) FILTER (WHERE j.status = 0) AS first_ac,
      (array_agg(j.status ORDER BY j.submit_id DESC))[1] AS last_status,
      (array_agg(j.time ORDER BY j.submit_id DESC))[1] AS last_time
    FROM judge j
    JOIN training_problem tp ON tp.tid = p_tid AND tp.pid = j.pid
    WHERE j.tid = p_tid AND j.uid = p_uid
    GROUP BY j.pid
  )
  INSERT INTO training_rank AS r (tid, uid, ac, total_run_time, last_ac_time, cells, gmt_modified)
  SELECT p_tid, p_uid,
    count(*) FILTER (WHERE solved),
    coalesce(sum(best) FILTER (WHERE solved), 0),
    max(first_ac) FILTER (WHERE solved),
    jsonb_object_agg(pid::text, jsonb_build_object(
      'status', CASE WHEN solved THEN 0 ELSE last_status END,
      'runTime', CASE WHEN solved THEN best ELSE last_time END)),
    now()
  FROM per
  HAVING count(*) > 0
  ON CONFLICT (tid, uid) DO UPDATE SET
    ac = excluded.ac, total_run_time = excluded.total_run_time, last_ac_time = excluded.last_ac_time,
    cells = excluded.cells, gmt_modified = excluded.gmt_modified
  -- Unchanged rows are left alone: a page written again loses its all-visible bit, and the rank's
  -- numbering reads training_rank_order_idx alone only on all-visible pages.
  WHERE (r.ac, r.total_run_time, r.last_ac_time, r.cells) IS DISTINCT FROM (excluded.ac, excluded.total_run_time, excluded.last_ac_time, excluded.cells);
  -- Nothing left inside the training (its problems were removed, or the training is gone).
  IF NOT FOUND AND NOT EXISTS (
    SELECT 1 FROM judge j JOIN training_problem tp ON tp.tid = p_tid AND tp.pid = j.pid WHERE j.tid = p_tid AND j.uid = p_uid
  ) THEN
    DELETE FROM training_rank WHERE tid = p_tid AND uid = p_uid;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION judge_training_rank_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM training_rank_refresh(NEW.tid, NEW.uid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER judge_training_rank_insert AFTER INSERT ON judge
  FOR EACH ROW WHEN (NEW.tid IS NOT NULL) EXECUTE FUNCTION judge_training_rank_trigger();
--> statement-breakpoint
CREATE TRIGGER judge_training_rank_update AFTER UPDATE OF status, time, tid ON judge
  FOR EACH ROW WHEN (NEW.tid IS NOT NULL AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.time IS DISTINCT FROM NEW.time OR OLD.tid IS DISTINCT FROM NEW.tid))
  EXECUTE FUNCTION judge_training_rank_trigger();
--> statement-breakpoint
CREATE FUNCTION training_problem_rank_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- A training being deleted takes its rank rows with it: nothing to recompute.
    IF EXISTS (SELECT 1 FROM training WHERE id = OLD.tid) THEN
      PERFORM training_rank_refresh(OLD.tid, r.uid) FROM training_rank r WHERE r.tid = OLD.tid AND r.cells ? OLD.pid::text;
    END IF;
  ELSE
    -- A problem added again: what its users did inside the training before counts again.
    PERFORM training_rank_refresh(NEW.tid, u.uid) FROM (SELECT DISTINCT uid FROM judge WHERE tid = NEW.tid AND pid = NEW.pid) u;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER training_problem_rank AFTER INSERT OR DELETE ON training_problem
  FOR EACH ROW EXECUTE FUNCTION training_problem_rank_trigger();
