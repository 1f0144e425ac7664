/**
 * OI board (spec 2 §3 "OI rank row"; HOJ rules): the fold lives in `@oj/shared` (scoreboard.ts).
 */
export { oiBoard, compareOi } from '@oj/shared';
