/**
 * Kattis folder aggregation and the site's judge_case_mode come from one table:
 * every mode the export writes reads back as the same mode, and testdata.yaml's two spellings
 * (`grader_flags`, 2023-07 `scoring.aggregation`) name the same aggregation.
 */
import { describe, expect, it } from 'vitest';
import { aggregationNamed, aggregationOfMode, KATTIS_AGGREGATIONS, modeOfAggregations } from '../src/modules/problem/packages/kattis-aggregation.js';

describe('Kattis aggregation table', () => {
  it('maps each subtask mode to one aggregation and back', () => {
    for (const mode of ['default', 'subtask_lowest', 'subtask_average'] as const) {
      expect(modeOfAggregations([aggregationOfMode(mode), aggregationOfMode(mode)])).toBe(mode);
    }
    expect(KATTIS_AGGREGATIONS.map((r) => r.aggregation).sort()).toEqual(['avg', 'min', 'sum']);
    // A mode Kattis has no folder flag for exports as plain sums.
    expect(aggregationOfMode('ergodic_without_error')).toBe('sum');
  });

  it('needs subtasks once any folder takes the minimum; averages only when all average', () => {
    expect(modeOfAggregations(['sum', 'min'])).toBe('subtask_lowest');
    expect(modeOfAggregations(['avg', 'sum'])).toBe('default');
    expect(modeOfAggregations([])).toBe('default');
  });

  it('reads both spellings of testdata.yaml', () => {
    expect(aggregationNamed(undefined, ['ignore_sample', 'min'])).toBe('min');
    expect(aggregationNamed('avg', ['min'])).toBe('avg');
    expect(aggregationNamed(undefined, ['ignore_sample'])).toBeNull();
  });
});
