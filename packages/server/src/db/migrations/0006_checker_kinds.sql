ALTER TABLE "problem" ADD COLUMN "builtin_checker" text DEFAULT 'lines' NOT NULL;--> statement-breakpoint
ALTER TABLE "problem" ADD COLUMN "checker_precision" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "problem" ADD COLUMN "checker_convention" text DEFAULT 'hoj' NOT NULL;--> statement-breakpoint
-- Until now the judge guessed each checker's convention from its output. Existing checkers and
-- interactors that include testlib.h keep testlib's reading (the others keep HOJ's exit codes), so
-- no existing problem's verdicts change.
UPDATE "problem" SET "checker_convention" = 'testlib' WHERE "judge_mode" <> 'default' AND "spj_code" ~ '#[[:space:]]*include[[:space:]]*[<"]testlib\.h[>"]';
