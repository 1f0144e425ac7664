CREATE TABLE "judge_subtask" (
	"submit_id" integer PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"scores" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge_subtask" ADD CONSTRAINT "judge_subtask_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_subtask_cid_idx" ON "judge_subtask" USING btree ("cid");--> statement-breakpoint
-- The subtask scores of the given submissions computed again from their case rows (as `subtaskScore` of
-- @oj/shared: subtask_lowest the lowest case score, subtask_average the mean rounded half up; a case
-- with no score counts 0): a submission with no subtask case left has no row.
CREATE FUNCTION judge_subtask_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM judge_subtask t WHERE t.submit_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM judge_case jc WHERE jc.submit_id = t.submit_id AND jc.mode IN ('subtask_lowest', 'subtask_average'));
  INSERT INTO judge_subtask (submit_id, cid, scores)
  SELECT g.submit_id, j.cid, array_agg(u.v ORDER BY g.grp, g.mode, u.o)
  FROM (
    SELECT jc.submit_id, coalesce(jc.group_num, 1) AS grp, jc.mode,
      CASE WHEN jc.mode = 'subtask_average' THEN round(sum(coalesce(jc.score, 0))::numeric / count(*))
           ELSE min(coalesce(jc.score, 0)) END::int AS score
    FROM judge_case jc
    WHERE jc.submit_id = ANY(ids) AND jc.mode IN ('subtask_lowest', 'subtask_average')
    GROUP BY 1, 2, 3
  ) g
  JOIN judge j ON j.submit_id = g.submit_id
  CROSS JOIN LATERAL unnest(ARRAY[g.grp, g.score]) WITH ORDINALITY AS u(v, o)
  GROUP BY g.submit_id, j.cid
  ON CONFLICT (submit_id) DO UPDATE SET cid = excluded.cid, scores = excluded.scores;
$$;
--> statement-breakpoint
-- Statement triggers with the changed rows: the judge's result path writes a submission's cases in one
-- statement, so its row is computed once; cases of other modes cost one scan of the statement's rows.
CREATE FUNCTION judge_subtask_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(SELECT DISTINCT submit_id FROM new_cases WHERE mode IN ('subtask_lowest', 'subtask_average'));
  IF cardinality(ids) > 0 THEN PERFORM judge_subtask_refresh(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION judge_subtask_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(SELECT DISTINCT submit_id FROM old_cases WHERE mode IN ('subtask_lowest', 'subtask_average'));
  IF cardinality(ids) > 0 THEN PERFORM judge_subtask_refresh(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION judge_subtask_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(SELECT submit_id FROM old_cases WHERE mode IN ('subtask_lowest', 'subtask_average')
               UNION SELECT submit_id FROM new_cases WHERE mode IN ('subtask_lowest', 'subtask_average'));
  IF cardinality(ids) > 0 THEN PERFORM judge_subtask_refresh(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER judge_subtask_insert AFTER INSERT ON judge_case REFERENCING NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION judge_subtask_after_insert();
--> statement-breakpoint
CREATE TRIGGER judge_subtask_delete AFTER DELETE ON judge_case REFERENCING OLD TABLE AS old_cases
  FOR EACH STATEMENT EXECUTE FUNCTION judge_subtask_after_delete();
--> statement-breakpoint
CREATE TRIGGER judge_subtask_update AFTER UPDATE ON judge_case REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION judge_subtask_after_update();
--> statement-breakpoint
SELECT judge_subtask_refresh(ARRAY(SELECT DISTINCT submit_id FROM judge_case WHERE mode IN ('subtask_lowest', 'subtask_average')));
