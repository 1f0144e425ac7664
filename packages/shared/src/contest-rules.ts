/**
 * Contest formats as rule objects: everything that differs between ACM, OI and IOI contests is a field
 * here (the server's board folding is its own table keyed the same way, `BOARD_FOLDS` in the server's contest/board.ts), so code
 * asks `contestRule(c.type).<what>` instead of branching on the type. A new format is one more entry.
 * No schema here: the shell's first load imports this (see contest-constants.ts).
 */
import { ContestType } from './contest-constants.js';

export type ContestTypeCode = (typeof ContestType)[keyof typeof ContestType];

export interface ContestRule {
  type: ContestTypeCode;
  /** shown on tags, trophies and the type select */
  label: string;
  /** lower-case key of texts (`contest.typeTip.<key>`), colours (`oj-contest-type-<key>`) and the outside board's path */
  key: 'acm' | 'oi' | 'ioi';
  /** the problem type (ProblemType code) the contest takes: a contest scores its problems one way */
  problemType: 0 | 1;
  /** submissions carry a score (OI, IOI) rather than only a verdict */
  scored: boolean;
  /** time breaks ties on the board (ACM's penalty, OI's total time), so the board shows it; IOI ranks by score alone */
  rankedByTime: boolean;
  /** the admin picks which submission of a problem counts, the most recent or the highest (OI's oiRankScoreType) */
  picksScoreType: boolean;
  /** a participant sees his own case results while the contest runs (OI); in ACM only the verdict */
  ownCasesWhileRunning: boolean;
  /** the seal hides the participant's own results too (OI), not only the others' (ACM) */
  sealsOwnResults: boolean;
  /** the scroll board and the AC helper (balloons) exist (ACM: first-solve order matters) */
  scrollBoard: boolean;
  acHelper: boolean;
  /** the CLICS contest API and contest package are served (pass-fail scoring with penalty time: the ICPC format) */
  clics: boolean;
  /** the seal mode a new contest starts with: 1 seal the last fifth, 2 none (form default) */
  defaultSealMode: 1 | 2;
  /**
   * a contest may allow hacks (contest-hacks.ts; its `allowHacks` setting): a successful hack makes the victim's
   * submission Hacked, a rejected try. ACM scores no points, so the hacker's rank does not change (hacks are shown,
   * not scored); scored formats would need Codeforces' +100/−50 in their folds, which they do not have yet.
   */
  hackable: boolean;
}

export const CONTEST_RULES: Record<ContestTypeCode, ContestRule> = {
  [ContestType.ACM]: {
    type: ContestType.ACM,
    label: 'ACM',
    key: 'acm',
    problemType: 0,
    scored: false,
    rankedByTime: true,
    picksScoreType: false,
    ownCasesWhileRunning: false,
    sealsOwnResults: false,
    scrollBoard: true,
    acHelper: true,
    clics: true,
    defaultSealMode: 1,
    hackable: true,
  },
  [ContestType.OI]: {
    type: ContestType.OI,
    label: 'OI',
    key: 'oi',
    problemType: 1,
    scored: true,
    rankedByTime: true,
    picksScoreType: true,
    ownCasesWhileRunning: true,
    sealsOwnResults: true,
    scrollBoard: false,
    acHelper: false,
    clics: false,
    defaultSealMode: 2,
    hackable: false,
  },
  // IOI (as at the IOI and in Hydro's `ioi` rule): a problem's score is the best of each subtask over all of
  // the participant's submissions, summed (scoreboard.ts ioiBoard); ties share the rank, no time tie-break.
  // Full feedback: everyone sees the live board, the participant his own cases; a seal, if an admin sets
  // one, hides only the others' results.
  [ContestType.IOI]: {
    type: ContestType.IOI,
    label: 'IOI',
    key: 'ioi',
    problemType: 1,
    scored: true,
    rankedByTime: false,
    picksScoreType: false,
    ownCasesWhileRunning: true,
    sealsOwnResults: false,
    scrollBoard: false,
    acHelper: false,
    clics: false,
    defaultSealMode: 2,
    hackable: false,
  },
};

export const CONTEST_TYPES = Object.values(CONTEST_RULES);
/** Names of the problem types (ProblemType codes) a contest takes, as messages and tips name them (IOI takes OI problems). */
export const PROBLEM_TYPE_LABELS: Record<ContestRule['problemType'], string> = { 0: 'ACM', 1: 'OI' };
/** The highest type code: the form and the list filter take 0..this (codes are dense). */
export const MAX_CONTEST_TYPE = Math.max(...CONTEST_TYPES.map((r) => r.type));

/** The rule of a contest type; an unknown code (never stored: the column is checked) reads as ACM. */
export const contestRule = (type: number): ContestRule => CONTEST_RULES[type as ContestTypeCode] ?? CONTEST_RULES[ContestType.ACM];
