/**
 * The plagiarism (similarity) check: staff of a contest or a problem ask for one over its accepted or
 * final submissions; a judge host leases it as a task kind of the judge queue (CPU-heavy: API nodes stay
 * light), fetches the sources, reports progress and posts the similar pairs; staff read the pairs, open
 * them side by side and mark them reviewed. Server: modules/plagiarism; judge: judge/plagiarism.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId, INT4_MAX } from './ids.js';
import { pagingQuery } from './paging.js';

/** `accepted`: every accepted submission; `final`: each user's latest submission per problem, whatever its verdict. */
export const PLAGIARISM_MODES = ['accepted', 'final'] as const;
export type PlagiarismMode = (typeof PLAGIARISM_MODES)[number];

/** queued → running (a judge holds it, progress moves) → done | failed; a judge lost on the way puts it back to queued. */
export type PlagiarismStatus = 'queued' | 'running' | 'done' | 'failed';

/** Pairs below this similarity are not kept (nobody reviews them; they would only fill the list). */
export const PLAGIARISM_MIN_SIMILARITY = 0.2;
/** At most this many pairs of one check are kept, the most similar first. */
export const PLAGIARISM_MAX_PAIRS = 5000;
/**
 * A check waits behind submissions for at most this long: once it has, the next free judge worker takes
 * it before them (a site that is never idle would otherwise never run it).
 */
export const PLAGIARISM_OVERDUE_MS = 2 * 60_000;
/** At most this many fragments of one pair are kept, the longest first. */
export const PLAGIARISM_MAX_FRAGMENTS = 64;

export const plagiarismStartBody = z
  .object({
    /** the contest's submissions (its problems) … */
    cid: dbId.optional(),
    /** … or one problem's submissions outside contests */
    pid: dbId.optional(),
    mode: z.enum(PLAGIARISM_MODES).default('accepted'),
    /** languages to compare (each compared with itself only); empty: every language */
    languages: z.array(z.string().trim().min(1).max(64)).max(64).default([]),
  })
  .refine((b) => (b.cid === undefined) !== (b.pid === undefined), { message: 'name either a contest (cid) or a problem (pid)', path: ['cid'] });
export type PlagiarismStartBody = z.infer<typeof plagiarismStartBody>;

/** The checks of a contest or a problem (one of the two). */
export const plagiarismChecksQuery = z
  .object({ cid: dbId.optional(), pid: dbId.optional() })
  .refine((b) => (b.cid === undefined) !== (b.pid === undefined), { message: 'name either a contest (cid) or a problem (pid)', path: ['cid'] });

export const plagiarismCheckQuery = z.object({ id: dbId });

export const plagiarismPairsQuery = pagingQuery(20).extend({
  checkId: dbId,
  pid: dbId.optional(),
  language: z.string().trim().min(1).max(64).optional(),
});

export const plagiarismPairQuery = z.object({ id: dbId });

export const plagiarismReviewedBody = z.object({ id: dbId, reviewed: z.boolean() });

export interface PlagiarismCheckView {
  id: number;
  cid: number | null;
  pid: number | null;
  mode: PlagiarismMode;
  languages: string[];
  status: PlagiarismStatus;
  /** groups (problem × language) compared so far, of `total` */
  done: number;
  total: number;
  /** submissions compared */
  submissions: number;
  pairCount: number;
  error: string | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface PlagiarismSide {
  submitId: number;
  uid: string;
  username: string;
}

export interface PlagiarismPairRow {
  id: number;
  pid: number;
  /** the problem's id as shown (the contest's letter in a contest check) */
  problemId: string;
  language: string;
  /** shared fingerprints over all fingerprints of both, 0–1 */
  similarity: number;
  /** the longest run of shared fingerprints (k-grams of tokens) */
  longest: number;
  /** shared fingerprints of both sides together */
  overlap: number;
  left: PlagiarismSide;
  right: PlagiarismSide;
  reviewed: boolean;
}

export interface PlagiarismPairPage {
  records: PlagiarismPairRow[];
  total: number;
  /** what the filters offer: the problems and languages that have pairs */
  problems: { pid: number; problemId: string }[];
  languages: string[];
}

/** A region of a source: start line, start column, end line, end column (0-based, end inclusive). */
export type SourceRegion = [number, number, number, number];

export interface PlagiarismFragment {
  left: SourceRegion;
  right: SourceRegion;
}

export interface PlagiarismPairDetail extends PlagiarismPairRow {
  left: PlagiarismSide & { code: string };
  right: PlagiarismSide & { code: string };
  fragments: PlagiarismFragment[];
}

/** The calls of contest and problem staff. Not under `admin/`: a group contest's admins are not site admins. */
export const plagiarismEndpoints = {
  start: endpoint<PlagiarismCheckView>()({ method: 'POST', path: 'plagiarism/check', body: plagiarismStartBody }),
  checks: endpoint<PlagiarismCheckView[]>()({ method: 'GET', path: 'plagiarism/checks', query: plagiarismChecksQuery }),
  check: endpoint<PlagiarismCheckView>()({ method: 'GET', path: 'plagiarism/check', query: plagiarismCheckQuery }),
  pairs: endpoint<PlagiarismPairPage>()({ method: 'GET', path: 'plagiarism/pairs', query: plagiarismPairsQuery }),
  pair: endpoint<PlagiarismPairDetail>()({ method: 'GET', path: 'plagiarism/pair', query: plagiarismPairQuery }),
  reviewed: endpoint<null>()({ method: 'PUT', path: 'plagiarism/pair/reviewed', body: plagiarismReviewedBody }),
};

// ---------------------------------------------------------------------------------------------
// Judge protocol: a check is a task kind of the judge queue (server modules/plagiarism/judge-tasks.ts).

/** A leased check, as a poll hands it to a judge; the sources come with `judge/plagiarism/sources`. */
export interface PlagiarismTask {
  kind: 'plagiarism';
  taskId: number;
  leaseToken: string;
  leaseDeadline: string;
  leaseMs: number;
}

const lease = { taskId: dbId, leaseToken: z.string().min(16).max(128) };

export const judgePlagiarismSourcesQuery = z.object(lease);

export const judgePlagiarismFailBody = z.object({ ...lease, error: z.string().max(8000) });

/** The submissions of a check: the judge compares those of the same problem and language. */
export interface PlagiarismSources {
  files: { submitId: number; pid: number; language: string; code: string }[];
}

export const judgePlagiarismProgressBody = z.object({
  ...lease,
  done: z.number().int().min(0).max(INT4_MAX),
  total: z.number().int().min(0).max(INT4_MAX),
});

const region = z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)]);

export const judgePlagiarismResultBody = z.object({
  ...lease,
  pairs: z
    .array(
      z.object({
        left: dbId,
        right: dbId,
        similarity: z.number().min(0).max(1),
        longest: z.number().int().min(0).max(INT4_MAX),
        overlap: z.number().int().min(0).max(INT4_MAX),
        fragments: z.array(z.object({ left: region, right: region })).max(PLAGIARISM_MAX_FRAGMENTS),
      }),
    )
    .max(PLAGIARISM_MAX_PAIRS),
});
export type JudgePlagiarismResultBody = z.infer<typeof judgePlagiarismResultBody>;
