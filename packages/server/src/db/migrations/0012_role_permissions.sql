CREATE TABLE "permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "permission" ("code", "name") VALUES
  ('problem_admin', 'Problem admin'), ('submit', 'Submit'), ('contest_admin', 'Contest admin'), ('rejudge', 'Rejudge'),
  ('announcement_admin', 'Announcement admin'), ('user_admin', 'User admin'), ('system_info_admin', 'System info admin'),
  ('discussion_add', 'Post discussions'), ('discussion_del', 'Delete own discussions'), ('discussion_edit', 'Edit own discussions'),
  ('comment_add', 'Comment'), ('reply_add', 'Reply'), ('group_add', 'Create groups'), ('group_del', 'Delete own groups');
--> statement-breakpoint
-- The assignment of ROLE_PERMISSIONS (@oj/shared roles.ts) as it was before it became editable.
INSERT INTO "role_permission" ("role_id", "permission_id")
SELECT r.role_id, p.id FROM (VALUES
  (1000, 'problem_admin'), (1000, 'submit'), (1000, 'contest_admin'), (1000, 'rejudge'), (1000, 'announcement_admin'),
  (1000, 'user_admin'), (1000, 'system_info_admin'), (1000, 'discussion_add'), (1000, 'discussion_del'), (1000, 'discussion_edit'),
  (1000, 'comment_add'), (1000, 'reply_add'), (1000, 'group_add'), (1000, 'group_del'),
  (1001, 'problem_admin'), (1001, 'submit'), (1001, 'contest_admin'), (1001, 'rejudge'), (1001, 'discussion_add'),
  (1001, 'discussion_del'), (1001, 'discussion_edit'), (1001, 'comment_add'), (1001, 'reply_add'), (1001, 'group_add'), (1001, 'group_del'),
  (1002, 'submit'), (1002, 'discussion_add'), (1002, 'discussion_del'), (1002, 'discussion_edit'), (1002, 'comment_add'),
  (1002, 'reply_add'), (1002, 'group_add'), (1002, 'group_del'),
  (1003, 'discussion_add'), (1003, 'discussion_del'), (1003, 'discussion_edit'), (1003, 'comment_add'), (1003, 'reply_add'),
  (1004, 'submit'), (1004, 'discussion_del'), (1004, 'discussion_edit'), (1004, 'comment_add'), (1004, 'reply_add'),
  (1005, 'submit'), (1005, 'discussion_del'), (1005, 'discussion_edit'),
  (1006, 'discussion_del'), (1006, 'discussion_edit'), (1006, 'comment_add'), (1006, 'reply_add'),
  (1007, 'discussion_del'), (1007, 'discussion_edit'),
  (1008, 'problem_admin'), (1008, 'submit'), (1008, 'contest_admin'), (1008, 'discussion_add'), (1008, 'discussion_del'),
  (1008, 'discussion_edit'), (1008, 'comment_add'), (1008, 'reply_add'), (1008, 'group_add'), (1008, 'group_del')
) AS r(role_id, code) JOIN "permission" p ON p.code = r.code;
--> statement-breakpoint
-- Every node caches the assignment (lib/role-permissions.ts): any change to it is announced at commit.
CREATE FUNCTION oj_notify_permission_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oj_change', 'perm');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_permission_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permission FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_permission_change();
--> statement-breakpoint
CREATE TRIGGER permission_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission FOR EACH STATEMENT EXECUTE FUNCTION oj_notify_permission_change();
