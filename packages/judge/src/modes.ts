/**
 * Judge case modes and scoring (HOJ rules where the spec is silent):
 *
 * | mode                  | execution                                           | OI score                     |
 * |-----------------------|-----------------------------------------------------|------------------------------|
 * | default               | every case                                          | Σ case scores                |
 * | ergodic_without_error | in order, stops at the first case that is not AC    | Σ over the executed cases    |
 * | subtask_lowest        | per group (groupNum) in order; after a case that    | Σ over groups of the lowest  |
 * |                       | earned nothing the rest of the group is Cancelled,  | case score                   |
 * |                       | "Skipped Judging" (a partial score goes on)         |                              |
 * | subtask_average       | every case                                          | Σ over groups of round(mean) |
 *
 * A case earns its full score when AC; a special judge may give part of it (Partial Accepted,
 * floor(percentage × case score / 100)); anything else earns 0.
 *
 * Final status — ACM: AC when every case is AC, else the status of the first failing case (in
 * case order). OI: all AC → AC; nothing earned → the first failing status; otherwise Partial
 * Accepted. "Nothing earned" is the score, not the cases: accepted cases of subtasks that failed
 * (or of a worthless sample) earn no points, and problemtools calls such a submission by its first
 * error, as a submission with 0 points is no partial solution. A System Error in any case makes the whole result System
 * Error (the daemon may retry it).
 */
import { JudgeStatus, type JudgeCaseMode, type JudgeStatusCode } from '@oj/shared';

export const PROBLEM_TYPE = { ACM: 0, OI: 1 } as const;
export type ProblemType = (typeof PROBLEM_TYPE)[keyof typeof PROBLEM_TYPE];

export const SKIPPED_MESSAGE = 'Skipped Judging';

export interface ScoredCase {
  status: JudgeStatusCode;
  /** Points this case is worth. */
  fullScore: number;
  groupNum: number;
  /** Points a Partial Accepted case earned (from the special judge's percentage). */
  earned?: number;
}

/** Points a case earned: full when AC, the checker's part when Partial Accepted, otherwise none. */
export function caseScore(c: ScoredCase): number {
  if (c.status === JudgeStatus.ACCEPTED) return c.fullScore;
  if (c.status === JudgeStatus.PARTIAL_ACCEPTED) return Math.max(0, Math.min(c.fullScore, c.earned ?? 0));
  return 0;
}

/** Points of a Partial Accepted case: floor(percentage × full score / 100), as HOJ. */
export function partialScore(fullScore: number, percentage: number): number {
  return Math.max(0, Math.min(fullScore, Math.floor((fullScore * percentage) / 100 + 1e-9)));
}

/** Even split of `total` points over `n` cases; the first cases take the remainder. */
export function evenSplit(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

function groups<T extends { groupNum: number }>(cases: T[]): T[][] {
  const m = new Map<number, T[]>();
  for (const c of cases) {
    const g = m.get(c.groupNum);
    if (g) g.push(c);
    else m.set(c.groupNum, [c]);
  }
  return [...m.values()];
}

/** Score of a judged submission; `cases` are the judged (and skipped) cases in order. */
export function totalScore(cases: ScoredCase[], mode: JudgeCaseMode, ioScore?: number): number {
  let score: number;
  if (mode === 'subtask_lowest') score = groups(cases).reduce((s, g) => s + Math.min(...g.map(caseScore)), 0);
  else if (mode === 'subtask_average') score = groups(cases).reduce((s, g) => s + Math.round(g.map(caseScore).reduce((a, b) => a + b, 0) / g.length), 0);
  else score = cases.reduce((s, c) => s + caseScore(c), 0);
  return ioScore !== undefined ? Math.min(score, ioScore) : score;
}

/** `score`: the points earned (OI), when known; 0 points make the first failing status the verdict. */
export function finalStatus(statuses: JudgeStatusCode[], type: ProblemType, score?: number): JudgeStatusCode {
  // A case the judge itself failed on says nothing about the program: never hide it in PAC/WA.
  if (statuses.includes(JudgeStatus.SYSTEM_ERROR)) return JudgeStatus.SYSTEM_ERROR;
  const judged = statuses.filter((s) => s !== JudgeStatus.CANCELLED);
  const firstFail = judged.find((s) => s !== JudgeStatus.ACCEPTED);
  if (firstFail === undefined) {
    // Only skipped cases would be impossible (the case before them failed), but stay safe.
    return statuses.length && judged.length === statuses.length ? JudgeStatus.ACCEPTED : JudgeStatus.SYSTEM_ERROR;
  }
  if (type === PROBLEM_TYPE.ACM) return firstFail;
  // A partial case that earned nothing is no verdict of its own: the first error after it names it.
  if (score === 0) return judged.find((s) => s !== JudgeStatus.ACCEPTED && s !== JudgeStatus.PARTIAL_ACCEPTED) ?? firstFail;
  return judged.some((s) => s === JudgeStatus.ACCEPTED || s === JudgeStatus.PARTIAL_ACCEPTED) ? JudgeStatus.PARTIAL_ACCEPTED : firstFail;
}

export interface SubtaskSummary {
  groupNum: number;
  status: JudgeStatusCode;
  score: number;
  /** Accepted cases of the group. */
  ac: number;
  total: number;
  time: number;
  memory: number;
}

/** Per-group summary of the subtask modes (groupNum, status, score, ac, total, time, memory). */
export function subtaskSummaries(cases: Array<ScoredCase & { time: number; memory: number }>, mode: JudgeCaseMode): SubtaskSummary[] {
  return groups(cases).map((g) => {
    const scores = g.map(caseScore);
    const judged = g.filter((c) => c.status !== JudgeStatus.CANCELLED);
    const score = mode === 'subtask_average' ? Math.round(scores.reduce((a, b) => a + b, 0) / g.length) : Math.min(...scores);
    return {
      groupNum: g[0].groupNum,
      status: finalStatus(
        g.map((c) => c.status),
        PROBLEM_TYPE.OI,
        score,
      ),
      score,
      ac: g.filter((c) => c.status === JudgeStatus.ACCEPTED).length,
      total: g.length,
      time: Math.max(0, ...judged.map((c) => c.time)),
      memory: Math.max(0, ...judged.map((c) => c.memory)),
    };
  });
}
