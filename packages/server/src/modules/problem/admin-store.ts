/**
 * Creating several complete problems at once (imports): every body is validated and every checker
 * compiled before anything is written, test files go to the content-addressed store (harmless when
 * unused), then problems, tags and case rows are inserted in one transaction — all or nothing.
 */
import { sql } from 'drizzle-orm';
import { adminProblemBody, type AdminProblemBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemCases, problems, problemTags } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { unstorableReason } from '../../lib/validate.js';
import { storeCases, type CaseInput, type StoredCase } from '../../lib/testdata.js';
import { columnsOf, resolveTags, scoredCases } from './admin.js';
import { assertCheckerCompiles } from './admin-checker.js';

export interface ProblemToCreate {
  body: AdminProblemBody;
  cases: CaseInput[];
  /** where it came from, named in error messages */
  source: string;
  /** shown as "uploaded test data" in the editor (default true) */
  isUploadCase?: boolean;
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

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Creates the problems; `problemId` null in a body's problem is replaced by `<autoPrefix><id>`.
 * Throws (and writes nothing) when a display id is taken or repeated, or a checker does not compile.
 */
export async function createProblems(ctx: AppContext, user: AuthUser, list: ProblemToCreate[], o: { autoIdPrefix?: string } = {}): Promise<string[]> {
  const { db } = ctx.database;
  const ids = list.map((p) => p.body.problem.problemId.toUpperCase());
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated && !o.autoIdPrefix) throw fail('importProblemExists', { problemId: repeated });
  if (!o.autoIdPrefix && ids.length) {
    const taken = await db.execute<{ problem_id: string }>(
      sql`select problem_id from problem where upper(problem_id) in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) limit 1`,
    );
    if (taken.rows[0]) throw fail('importProblemExists', { problemId: taken.rows[0].problem_id });
  }
  for (const p of list) {
    const pr = p.body.problem;
    if (pr.judgeMode !== 'default') await assertCheckerCompiles(pr.judgeMode, pr.spjCode!, pr.spjLanguage ?? 'C', pr.judgeExtraFile);
  }
  // Files first: the store is content-addressed, so files of a failed import are just unused blobs.
  const stored: StoredCase[][] = [];
  for (const p of list) stored.push(await storeCases(ctx.config.dataDir, scoredCases(p.body, p.cases)));
  try {
    return await db.transaction(async (tx) => {
      const created: string[] = [];
      for (const [i, p] of list.entries()) {
        const [row] = await tx
          .insert(problems)
          .values({ ...columnsOf(p.body, user), author: user.username, isUploadCase: p.isUploadCase ?? true, caseVersion: String(Date.now()) })
          .returning({ id: problems.id, problemId: problems.problemId });
        let problemId = row!.problemId;
        if (o.autoIdPrefix) {
          problemId = `${o.autoIdPrefix}${row!.id}`;
          await tx.update(problems).set({ problemId }).where(sql`${problems.id} = ${row!.id}`);
        }
        const tagIds = await resolveTags(tx, p.body.tags);
        if (tagIds.length) await tx.insert(problemTags).values(tagIds.map((tid) => ({ pid: row!.id, tid })));
        if (stored[i]!.length) await tx.insert(problemCases).values(stored[i]!.map((c) => ({ ...c, pid: row!.id })));
        created.push(problemId);
      }
      return created;
    });
  } catch (e) {
    // Two imports racing for one display id: the unique index decides, the loser changes nothing.
    if (isUniqueViolation(e)) throw fail('importProblemExists', { problemId: '?' });
    throw e;
  }
}
