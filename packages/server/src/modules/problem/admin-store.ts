/**
 * Creating the complete problems of an import, one at a time: the body is validated and the checker
 * compiled before anything is written, test files go to the content-addressed store (harmless when
 * unused), then the problem, its tags and case rows are inserted in one transaction per problem, so
 * one bad problem of a file never costs the others.
 */
import { sql } from 'drizzle-orm';
import { adminProblemBody, formatMsg, MSG, type AdminProblemBody, type HackKit } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemCases, problemHackKits, problems, problemTags } from '../../db/schema/index.js';
import type { CodeWrapper } from '../../db/schema/problem.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail } from '../../lib/errors.js';
import { unstorableReason } from '../../lib/validate.js';
import { storeCases, type CaseInput } from '../../lib/testdata.js';
import { columnsOf, resolveTags, scoredCases } from './admin.js';
import { siteOwner } from '../owner/index.js';
import { assertCheckerCompiles } from './admin-checker.js';
import { isUniqueViolation } from '../../db/errors.js';

export interface ProblemToCreate {
  body: AdminProblemBody;
  cases: CaseInput[];
  /** where it came from, named in error messages */
  source: string;
  /** shown as "uploaded test data" in the editor (default true) */
  isUploadCase?: boolean;
  /** language → code judged around the submission's */
  codeWrappers?: Record<string, CodeWrapper>;
  /** subtask → the subtasks it needs passed to score (a Polygon package's group dependencies) */
  subtaskDependencies?: Record<string, number[]>;
  /** the importer found the test data incomplete or invalid: private even when the import asks for public */
  keepPrivate?: boolean;
  /** a package's validator and main solution, kept as the problem's hack kit (contest hacks) */
  hackKit?: Omit<HackKit, 'pid'>;
}

/** Drops null values (JSON from other systems uses null for "unset", the schema wants the field left out). */
export function withoutNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

/** Parses a problem body from an import; a failure names the file and the field. */
export function parseImported(raw: unknown, source: string, invalid: 'importInvalid' | 'fpsInvalid'): AdminProblemBody {
  const r = adminProblemBody.safeParse(raw);
  if (r.success) {
    const unstorable = unstorableReason(r.data);
    if (unstorable) throw fail(invalid, { reason: `${source}: ${unstorable}` });
    return r.data;
  }
  const issue = r.error.issues[0];
  const field = issue?.path.join('.');
  throw fail(invalid, { reason: `${source}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}` });
}

/** What `createProblem` did: the display id, its auth (1 public, 2 private), and why it was made private (if it was). */
export interface CreatedProblem {
  problemId: string;
  auth: number;
  warnings: string[];
}

/**
 * Creates one problem of an import in its own transaction (a failure writes nothing of it and nothing
 * else is undone); `autoIdPrefix` replaces the display id by `<prefix><id>`. A display id already taken
 * throws importProblemExists. A checker or interactor that does not compile does not refuse the
 * problem: it is created private (nobody can submit to it by mistake) with a warning saying why, so the
 * administrator fixes the checker in the editor instead of importing the whole file again.
 */
export async function createProblem(
  ctx: AppContext,
  user: AuthUser,
  p: ProblemToCreate,
  o: { autoIdPrefix?: string; auth?: 1 | 2 } = {},
): Promise<CreatedProblem> {
  const { db } = ctx.database;
  const warnings: string[] = [];
  const auth = p.keepPrivate ? 2 : o.auth;
  let body = auth ? { ...p.body, problem: { ...p.body.problem, auth } } : p.body;
  const pr = body.problem;
  if (!o.autoIdPrefix) {
    const taken = await db.execute<{ problem_id: string }>(sql`select problem_id from problem where upper(problem_id) = ${pr.problemId.toUpperCase()} limit 1`);
    if (taken.rows[0]) throw fail('importProblemExists', { problemId: taken.rows[0].problem_id });
  }
  if (pr.judgeMode !== 'default') {
    try {
      await assertCheckerCompiles(ctx, pr.judgeMode, pr.spjCode!, pr.spjLanguage ?? 'C', pr.judgeExtraFile);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      warnings.push(formatMsg(MSG.importCheckerBroken, { error: e.message }));
      body = { ...body, problem: { ...pr, auth: 2 } };
    }
  }
  // Files first: the store is content-addressed, so files of a refused problem are just unused blobs.
  const stored = await storeCases(ctx.config.dataDir, scoredCases(body, p.cases));
  try {
    const problemId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(problems)
        .values({
          ...columnsOf(body, user),
          author: user.username,
          isUploadCase: p.isUploadCase ?? true,
          caseVersion: String(Date.now()),
          codeWrappers: p.codeWrappers ?? {},
          ...(p.subtaskDependencies ? { subtaskDependencies: p.subtaskDependencies } : {}),
        })
        .returning({ id: problems.id, problemId: problems.problemId });
      let id = row!.problemId;
      if (o.autoIdPrefix) {
        id = `${o.autoIdPrefix}${row!.id}`;
        await tx.update(problems).set({ problemId: id }).where(sql`${problems.id} = ${row!.id}`);
      }
      const tagIds = await resolveTags(tx, body.tags, siteOwner(user));
      if (tagIds.length) await tx.insert(problemTags).values(tagIds.map((tid) => ({ pid: row!.id, tid })));
      if (stored.length) await tx.insert(problemCases).values(stored.map((c) => ({ ...c, pid: row!.id })));
      if (p.hackKit) await tx.insert(problemHackKits).values({ pid: row!.id, ...p.hackKit });
      return id;
    });
    return { problemId, auth: body.problem.auth, warnings };
  } catch (e) {
    // Two imports racing for one display id: the unique index decides, the loser changes nothing.
    if (isUniqueViolation(e)) throw fail('importProblemExists', { problemId: pr.problemId });
    throw e;
  }
}
