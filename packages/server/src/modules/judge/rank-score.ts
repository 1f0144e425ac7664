import { sql, type SQL } from 'drizzle-orm';

/**
 * The OI rank score of a verdict as SQL for an UPDATE of `judge`: `oiRankScoreOf` of @oj/shared
 * with the problem's difficulty read in the same statement. It is stored with the verdict so
 * that the OI rank list and the user home sum a column instead of joining problems on every read.
 * Null when the verdict has no score (ACM problems, compile errors outside OI).
 */
export function oiRankScoreSql(score: number | null): SQL | null {
  if (score === null) return null;
  return sql`(case when ${score}::int > 0
    then round(0.1 * ${score}::int + 2 * coalesce((select p.difficulty from problem p where p.id = judge.pid), 0))::int
    else 0 end)`;
}
