/**
 * ACM board (spec 2 §3 "ACM rank row"; HOJ rules, hoj-backend-reference §9): the fold lives in
 * `@oj/shared` (scoreboard.ts), shared with the scroll board of the web app.
 */
export { acmBoard, acmCellCost, ACM_PENALTY_STATUSES, compareAcm, type BoardInput } from '@oj/shared';
