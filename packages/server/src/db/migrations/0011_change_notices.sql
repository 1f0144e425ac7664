-- Per-node caches (lib/session-cache.ts) drop what changed when these notices arrive; NOTIFY is sent at
-- commit, so every API node hears of a revocation, a disabled account or a role change, whoever made it.
CREATE FUNCTION oj_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oj_change', 'user:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.uid ELSE NEW.uid END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_session_change AFTER UPDATE ON auth_session FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.uid IS DISTINCT FROM NEW.uid)
  EXECUTE FUNCTION oj_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER auth_session_delete AFTER DELETE ON auth_session FOR EACH ROW EXECUTE FUNCTION oj_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_change AFTER UPDATE ON user_info FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION oj_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_delete AFTER DELETE ON user_info FOR EACH ROW EXECUTE FUNCTION oj_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_role_change AFTER INSERT OR UPDATE OR DELETE ON user_role FOR EACH ROW EXECUTE FUNCTION oj_notify_user_change();
