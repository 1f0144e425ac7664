/**
 * When a submission counts on a board, and whether the viewer may see its result (spec 2 §6 sealed
 * rank; HOJ rules of hoj-backend-reference §9). Pure, in `@oj/shared` (scoreboard.ts).
 */
export { phaseOf, sealActive, type BoardWindow, type Phase, type SealSettings } from '@oj/shared';
