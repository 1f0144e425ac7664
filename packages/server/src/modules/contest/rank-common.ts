/**
 * What both board folds (ACM and OI) share: their input and the rank numbering. The rules live in
 * `@oj/shared` (scoreboard.ts) so the scroll board in the browser computes with the same code.
 */
export {
  assignRanks,
  baseRow,
  isUnfinished,
  showNameOf,
  type RankSubmission,
  type RankUserInfo,
} from '@oj/shared';
