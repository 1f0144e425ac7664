/**
 * Which problems a caller may put into a place they run (a contest today; trainings and groups reuse
 * it): public bank problems, their own problems (author), or anything for the super admin. Hidden and
 * contest-only problems of others are not theirs to hand out: the participants of the place would
 * read the statement. The rule is written once, as SQL, so a list of candidates and the check of a
 * single problem cannot drift apart.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { ProblemAuth } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { maySite } from '../policy/index.js';
import { bankProblems } from './bank.js';
import { mayViewProblem, type ProblemRow } from './service.js';

/** The rule as a condition on `problem` rows (undefined: every problem). */
export function usableProblemsWhere(user: AuthUser): SQL | undefined {
  if (maySite(user, 'useAnyProblem')) return undefined;
  return or(
    and(eq(problems.auth, ProblemAuth.PUBLIC), bankProblems),
    // Usernames are unique case-insensitively; the author column keeps the name as it was typed.
    sql`lower(${problems.author}) = lower(${user.username})`,
  );
}

/**
 * The bank problem `pid` when the caller may use it ("add from public" of contests and trainings), in
 * one read. Refusals: a problem outside the bank, or one the caller cannot even see, is "not found" (its
 * existence does not leak); one they can see but is not theirs to use says so.
 */
export async function usableBankProblem(db: DbOrTx, user: AuthUser, pid: number): Promise<ProblemRow> {
  const [row] = await db
    .select({ p: problems, usable: sql<boolean>`coalesce(${usableProblemsWhere(user) ?? sql`true`}, false)` })
    .from(problems)
    .where(and(eq(problems.id, pid), bankProblems));
  if (!row || (!row.usable && !(await mayViewProblem(db, user, row.p)))) throw notFound('problemNotFound');
  if (!row.usable) throw fail('problemNotUsable');
  return row.p;
}
