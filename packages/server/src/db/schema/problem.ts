import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One example shown with a problem statement. */
export interface ProblemExample {
  input: string;
  output: string;
}

/** Code judged before and after a submission in one language (FPS `<prepend>`/`<append>`). */
export interface CodeWrapper {
  prepend: string;
  append: string;
}

/**
 * Problems. `id` is the internal key every other
 * table uses; `problem_id` is the display id (e.g. P1000, HDU-1000). Limits: time in ms, memory and
 * stack in MB.
 */
export const problems = pgTable(
  'problem',
  {
    id: serial('id').primaryKey(),
    problemId: text('problem_id').notNull(),
    title: text('title').notNull(),
    /** username of the author */
    author: text('author'),
    /** 0 ACM, 1 OI */
    type: integer('type').notNull().default(0),
    timeLimit: integer('time_limit').notNull().default(1000),
    memoryLimit: integer('memory_limit').notNull().default(256),
    stackLimit: integer('stack_limit').notNull().default(128),
    description: text('description').notNull().default(''),
    input: text('input').notNull().default(''),
    output: text('output').notNull().default(''),
    examples: jsonb('examples').$type<ProblemExample[]>().notNull().default([]),
    hint: text('hint').notNull().default(''),
    source: text('source').notNull().default(''),
    /** 0-5: very easy … very hard */
    difficulty: integer('difficulty').notNull().default(0),
    /** 1 public, 2 hidden, 3 contest only */
    auth: integer('auth').notNull().default(1),
    /** OI full score */
    ioScore: integer('io_score').notNull().default(100),
    codeShare: boolean('code_share').notNull().default(true),
    /** default | spj | interactive */
    judgeMode: text('judge_mode').notNull().default('default'),
    /** default | subtask_lowest | subtask_average | ergodic_without_error */
    judgeCaseMode: text('judge_case_mode').notNull().default('default'),
    /** file name → content, copied beside the user's program */
    userExtraFile: jsonb('user_extra_file').$type<Record<string, string>>(),
    /** file name → content, copied beside the checker or interactor */
    judgeExtraFile: jsonb('judge_extra_file').$type<Record<string, string>>(),
    /** checker (spj) or interactor (interactive) source */
    spjCode: text('spj_code'),
    spjLanguage: text('spj_language'),
    isRemoveEndBlank: boolean('is_remove_end_blank').notNull().default(false),
    /** the comparator of the default mode: lines | tokens | integers | floats | yes-no | sorted-tokens */
    builtinChecker: text('builtin_checker').notNull().default('lines'),
    /** 4..9: the floats comparator allows an absolute or relative error of 1e-N */
    checkerPrecision: integer('checker_precision').notNull().default(6),
    /** hoj | testlib: how the checker's or interactor's verdict is read */
    checkerConvention: text('checker_convention').notNull().default('hoj'),
    /** whether users may see the results of single test cases */
    openCaseResult: boolean('open_case_result').notNull().default(true),
    /** the setter opened every case's data to the submitters (else only the statement's samples) */
    openCaseData: boolean('open_case_data').notNull().default(false),
    isUploadCase: boolean('is_upload_case').notNull().default(true),
    isFileIo: boolean('is_file_io').notNull().default(false),
    ioReadFileName: text('io_read_file_name'),
    ioWriteFileName: text('io_write_file_name'),
    /** Changes whenever the test set changes (epoch ms, always increasing); judges see it in the manifest. */
    caseVersion: text('case_version').notNull().default('0'),
    isRemote: boolean('is_remote').notNull().default(false),
    /** a remote problem's judge (HDU, CF, …) and its id there; null on our own */
    remoteOj: text('remote_oj'),
    remoteId: text('remote_id'),
    /** the problem's page on its site */
    remoteUrl: text('remote_url'),
    isGroup: boolean('is_group').notNull().default(false),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    /** null, 1 applying, 2 approved, 3 refused (a group problem asking to become public) */
    applyPublicProgress: integer('apply_public_progress'),
    modifiedUser: text('modified_user'),
    /** names of the languages (language.name, oj ME) allowed; empty = every language */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** language name → starting code shown in the editor */
    codeTemplates: jsonb('code_templates').$type<Record<string, string>>().notNull().default({}),
    /**
     * language name → code judged around the user's (FPS `<prepend>`/`<append>`): the judge gets
     * prepend + code + append, the submission keeps the code as typed
     */
    codeWrappers: jsonb('code_wrappers').$type<Record<string, CodeWrapper>>().notNull().default({}),
    /**
     * subtask (group_num) → the subtasks every case of which must be accepted for it to score (Polygon's
     * group dependencies); a subtask not listed depends on none
     */
    subtaskDependencies: jsonb('subtask_dependencies').$type<Record<string, number[]>>().notNull().default({}),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('problem_problem_id_uq').on(sql`upper(${t.problemId})`),
    index('problem_gid_idx').on(t.gid),
    // The public problem list read from this index alone: visible problems in id order with
    // every column the list shows or filters on. The table's rows carry whole statements, so counting
    // or keyword-matching them read ~20× more (bench/README.md).
    index('problem_list_idx').on(t.auth, t.id, t.isRemote, t.difficulty, t.type, t.problemId, t.title).where(sql`${t.gid} is null and ${t.isGroup} = false`),
    // The few hidden and contest-only problems, which the submission list hides (submission/service.ts).
    index('problem_hidden_idx').on(t.id).where(sql`${t.auth} <> 1`),
  ],
);

/**
 * One row (id 1): a number that goes up at the commit of every transaction that changed what the bank's
 * problem list shows (a problem added, removed, renamed, hidden, moved; its tags; a tag renamed or
 * removed). Deferred triggers of migration 0028 move it, once per transaction and at its commit, so the
 * row is locked only for that instant. Each API node keeps list pages with the number they were read at
 * and serves one while the number is the same (modules/problem/list-cache.ts).
 */
export const problemListVersion = pgTable('problem_list_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The test cases of a problem. Input and answer are files of the content-addressed test-data store
 * (DATA_DIR/testcase/<sha256>); the names are the ones shown to admins and used in case results.
 */
export const problemCases = pgTable(
  'problem_case',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    inputName: text('input_name').notNull(),
    inputHash: text('input_hash').notNull(),
    inputSize: integer('input_size').notNull(),
    outputName: text('output_name').notNull(),
    outputHash: text('output_hash').notNull(),
    outputSize: integer('output_size').notNull(),
    /** OI points of the case */
    score: integer('score').notNull().default(0),
    /** subtask number in the subtask modes */
    groupNum: integer('group_num').notNull().default(1),
    /** order of the case (1-based) */
    seq: integer('seq').notNull(),
    /** 0 in use */
    status: integer('status').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('problem_case_pid_seq_uq').on(t.pid, t.seq)],
);
