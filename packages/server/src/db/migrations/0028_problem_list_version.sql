CREATE TABLE "problem_list_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO problem_list_version (id, version) VALUES (1, 0);
--> statement-breakpoint
-- The bank's problem list changed in this transaction: its version goes up once. The triggers below are
-- deferred, so this runs at the commit and the row's lock is held for that instant only (two writers
-- cannot deadlock over it); a transaction-local setting tells that this transaction already bumped it
-- (an import of 5 000 problems writes the row once).
CREATE FUNCTION problem_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('oj.problem_list_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE problem_list_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('oj.problem_list_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER problem_list_version_problem AFTER INSERT OR DELETE ON problem
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION problem_list_version_bump();
--> statement-breakpoint
-- Only the columns the list shows or filters on: editing a statement or a time limit keeps the kept pages.
CREATE CONSTRAINT TRIGGER problem_list_version_problem_update AFTER UPDATE ON problem
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.id, OLD.problem_id, OLD.title, OLD.difficulty, OLD.type, OLD.auth, OLD.gid, OLD.is_group, OLD.is_remote, OLD.remote_oj)
        IS DISTINCT FROM (NEW.id, NEW.problem_id, NEW.title, NEW.difficulty, NEW.type, NEW.auth, NEW.gid, NEW.is_group, NEW.is_remote, NEW.remote_oj))
  EXECUTE FUNCTION problem_list_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER problem_list_version_problem_tag AFTER INSERT OR UPDATE OR DELETE ON problem_tag
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION problem_list_version_bump();
--> statement-breakpoint
-- A tag's name, colour, bank or classification shows in the rows; a tag removed takes its problem_tag
-- rows with it (their own trigger fires too).
CREATE CONSTRAINT TRIGGER problem_list_version_tag AFTER UPDATE OR DELETE ON tag
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION problem_list_version_bump();
