/**
 * Hacks (Codeforces-style): in a contest whose rule and setting allow them, a participant with an
 * accepted submission of a problem locks it (no more submissions of his on it), may then read the others'
 * accepted submissions of that problem and send an input against one. A judge validates the input with the
 * problem's validator, runs the reference solution for the answer and judges the victim's program on it
 * (server modules/contest-hack, judge hack.ts). A successful hack makes the victim's submission Hacked.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId, INT4_MAX } from './ids.js';
import { LIMITS } from './constants.js';
import { codeField } from './submission.js';

export const HACK = {
  /** the longest hack input, in characters (a hand-written test; no generators) */
  inputMax: 256 * 1024,
  /** the longest reference output a successful hack keeps (it becomes the test's answer after the contest) */
  answerMax: 4 * 1024 * 1024,
  /** hacks of one hacker in one contest waiting for a judge at once */
  maxPending: 3,
  /** a hack no judge took within this time ends as a system error */
  queueTimeoutMs: 10 * 60_000,
  /** lease of a hack: compiling three programs and three runs are added as a few time limits */
  leaseSlackMs: 60_000,
  /** failed leases after which a hack ends as a system error */
  maxAttempts: 3,
} as const;

/** How a hack ended; `pending` while it waits for a judge. */
export const HACK_VERDICTS = ['pending', 'invalid', 'unsuccessful', 'successful', 'referenceFailed'] as const;
export type HackVerdict = (typeof HACK_VERDICTS)[number];

/** What the judge found (hack.ts): the verdict, the validator's or checker's words, the victim's status on the input. */
export interface HackOutcome {
  verdict: Exclude<HackVerdict, 'pending'>;
  message: string;
  victimStatus: number | null;
  /** the reference's output (successful hacks only) */
  answer?: string | null;
}

/** A hack as the contest's hacks list shows it. */
export interface HackView {
  id: number;
  cid: number;
  displayId: string;
  submitId: number;
  hacker: string;
  victim: string;
  verdict: HackVerdict;
  /** the validator's refusal or the checker's words; staff and the hacker only */
  message: string | null;
  /** the input itself: staff and the hacker only, and everyone once the contest is over */
  input: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** after the contest: the input became a test of the problem */
  addedToTests: boolean;
}

/** Another participant's accepted submission opened for a hack (the source is shown only then). */
export interface HackTarget {
  submitId: number;
  cid: number;
  displayId: string;
  username: string;
  language: string;
  code: string;
}

/** A problem's hack kit: without both a validator and a reference solution it cannot be hacked. */
export interface HackKit {
  pid: number;
  /** a package source type, as Polygon names it (cpp.g++17, c.gcc, python.3, …) */
  validatorType: string;
  validatorCode: string;
  /** the validator's exit code for "valid": 0 for testlib (Polygon), 42 for Kattis' input validators */
  validatorOkExit: number;
  /** a judge language name (C++, Python3, …) */
  referenceLanguage: string;
  referenceCode: string;
}

const cid = dbId;
export const hackLockBody = z.object({ cid, displayId: z.string().trim().min(1).max(LIMITS.shortText) });
export const hackTargetQuery = z.object({ cid, submitId: z.coerce.number().int().min(1).max(INT4_MAX) });
export const hackSubmitBody = z.object({ cid, submitId: z.number().int().min(1).max(INT4_MAX), input: z.string().min(1) });
export const hackListQuery = z.object({ cid: z.coerce.number().int().min(1).max(INT4_MAX) });
export const hacksToTestsBody = z.object({ cid });
export const hackKitQuery = z.object({ pid: z.coerce.number().int().min(1).max(INT4_MAX) });
export const hackKitBody = z.object({
  pid: dbId,
  validatorType: z.string().trim().min(1).max(50),
  validatorCode: codeField,
  validatorOkExit: z.number().int().min(0).max(255).default(0),
  referenceLanguage: z.string().trim().min(1).max(50),
  referenceCode: codeField,
});

/** The hack calls of a contest's participants and staff, and the problem admin's hack kit. */
export const contestHackEndpoints = {
  /** locks the caller's problem: he has an accepted submission of it; he may not submit to it again */
  lock: endpoint<{ locked: true }>()({ method: 'POST', path: 'contest/lock-problem', body: hackLockBody }),
  /** the displayIds the caller locked in the contest */
  locks: endpoint<string[]>()({ method: 'GET', path: 'contest/locked-problems', query: hackListQuery }),
  target: endpoint<HackTarget>()({ method: 'GET', path: 'contest/hack-target', query: hackTargetQuery }),
  submit: endpoint<{ id: number }>()({ method: 'POST', path: 'contest/submit-hack', body: hackSubmitBody }),
  list: endpoint<HackView[]>()({ method: 'GET', path: 'contest/hacks', query: hackListQuery }),
  /** contest staff, after the end: successful hacks' inputs become tests (answers from the reference), affected submissions rejudged */
  toTests: endpoint<{ added: number; rejudged: number }>()({ method: 'POST', path: 'admin/contest/hacks-to-tests', body: hacksToTestsBody }),
  kit: endpoint<HackKit | null>()({ method: 'GET', path: 'admin/problem/hack-kit', query: hackKitQuery }),
  saveKit: endpoint<HackKit>()({ method: 'PUT', path: 'admin/problem/hack-kit', body: hackKitBody }),
} as const;

// ---------------------------------------------------------------------------------------------
// Judge protocol: a hack is a task kind of its own (server modules/contest-hack/judge-tasks.ts; POST /api/judge/hack/result).

/** A leased hack, as a poll hands it to a judge; the problem's checker, limits and files come from its manifest. */
export interface HackTask {
  kind: 'hack';
  taskId: number;
  leaseToken: string;
  leaseDeadline: string;
  leaseMs: number;
  hack: {
    problemId: number;
    input: string;
    validator: { type: string; code: string; okExit: number };
    reference: { language: string; code: string };
    victim: { language: string; code: string };
  };
}

export const judgeHackResultBody = z.object({
  taskId: dbId,
  leaseToken: z.string().min(16).max(128),
  outcome: z.object({
    verdict: z.enum(['invalid', 'unsuccessful', 'successful', 'referenceFailed']),
    message: z.string().max(8000),
    victimStatus: z.number().int().min(-10).max(20).nullable(),
  }),
  /** the reference's output, sent for a successful hack only: the answer of the test it may become */
  answer: z.string().max(HACK.answerMax).nullable().default(null),
});
export type JudgeHackResultBody = z.infer<typeof judgeHackResultBody>;
