/**
 * How a Kattis test folder adds up its cases (`grader_flags` min / avg / sum, 2023-07
 * `scoring.aggregation`) and which judge_case_mode of this site scores the same way. Import and
 * export both read this one table, so a round trip cannot drift between two copies of it.
 */
import type { JudgeCaseMode } from '@oj/shared';

export type KattisAggregation = 'sum' | 'min' | 'avg';

/** One row per aggregation: the site's mode that scores a problem whose folders all aggregate so. */
export const KATTIS_AGGREGATIONS: readonly { aggregation: KattisAggregation; mode: JudgeCaseMode }[] = [
  // min: a folder is all or nothing, one subtask scored by its lowest case
  { aggregation: 'min', mode: 'subtask_lowest' },
  // avg: a folder earns the mean of its cases
  { aggregation: 'avg', mode: 'subtask_average' },
  // sum: every case earns its own points, plain OI scoring
  { aggregation: 'sum', mode: 'default' },
];

/** Export: the aggregation a problem's test folders declare for the problem's judge_case_mode. */
export function aggregationOfMode(mode: JudgeCaseMode): KattisAggregation {
  return KATTIS_AGGREGATIONS.find((r) => r.mode === mode)?.aggregation ?? 'sum';
}

/**
 * Import: the judge_case_mode for the aggregations of a problem's scored folders. A `min` folder
 * anywhere needs subtasks scored by their lowest case (sum folders become one-case subtasks beside
 * it, which equals their sum); only when every folder averages is the average mode exact.
 */
export function modeOfAggregations(aggregations: readonly KattisAggregation[]): JudgeCaseMode {
  if (aggregations.includes('min')) return modeOf('min');
  if (aggregations.length > 0 && aggregations.every((a) => a === 'avg')) return modeOf('avg');
  return modeOf('sum');
}

const modeOf = (a: KattisAggregation) => KATTIS_AGGREGATIONS.find((r) => r.aggregation === a)!.mode;

/** The aggregation a testdata.yaml names (`scoring.aggregation` first, then `grader_flags` words), or null. */
export function aggregationNamed(scoringAggregation: unknown, graderFlags: readonly string[]): KattisAggregation | null {
  const named = scoringAggregation !== undefined ? String(scoringAggregation) : (graderFlags.find((w) => isAggregation(w)) ?? '');
  return isAggregation(named) ? named : null;
}

const isAggregation = (w: string): w is KattisAggregation => KATTIS_AGGREGATIONS.some((r) => r.aggregation === w);
