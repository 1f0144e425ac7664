-- Training rank pages are kept per API node (modules/training/rank-cache.ts) and dropped when these
-- notices arrive: `train:<tid>` whenever the training's rank rows change (a verdict, a rejudge, a
-- problem joining or leaving), the problems a page names change (display ID), or the training goes.
-- NOTIFY is sent at commit and folds equal payloads of a transaction into one.
CREATE FUNCTION oj_notify_training_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('oj_change', 'train:' || t.tid) FROM (SELECT DISTINCT tid FROM old_rows) t;
  ELSE
    PERFORM pg_notify('oj_change', 'train:' || t.tid) FROM (SELECT DISTINCT tid FROM new_rows) t;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER training_rank_insert_notice AFTER INSERT ON training_rank
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_training_rows();
--> statement-breakpoint
CREATE TRIGGER training_rank_update_notice AFTER UPDATE ON training_rank
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_training_rows();
--> statement-breakpoint
CREATE TRIGGER training_rank_delete_notice AFTER DELETE ON training_rank
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_training_rows();
--> statement-breakpoint
CREATE TRIGGER training_problem_insert_notice AFTER INSERT ON training_problem
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_training_rows();
--> statement-breakpoint
CREATE TRIGGER training_problem_delete_notice AFTER DELETE ON training_problem
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_training_rows();
--> statement-breakpoint
CREATE FUNCTION oj_notify_problem_trainings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oj_change', 'train:' || t.tid) FROM (SELECT DISTINCT tid FROM training_problem WHERE pid = NEW.id) t;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER problem_display_id_notice AFTER UPDATE OF problem_id ON problem FOR EACH ROW
  WHEN (OLD.problem_id IS DISTINCT FROM NEW.problem_id) EXECUTE FUNCTION oj_notify_problem_trainings();
