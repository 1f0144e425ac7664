/**
 * Awards of a finished board (spec 3 §3 awardType/awardConfigList; HOJ rules): type 1 reads each
 * `num` as a percentage of the ranked (non-star) users, floored; type 2 as a count. In `@oj/shared`.
 */
export { applyAwards, type Award, type AwardTarget } from '@oj/shared';
