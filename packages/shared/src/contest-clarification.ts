/**
 * Contest clarifications: a participant asks about one of the contest's problems (or the contest in
 * general) while it runs; the contest's admins answer privately or to everyone, an answer to everyone
 * being published as a contest announcement too. Who sees which question is the policy's `view` on a
 * `clarification`, who answers its `answer` (the contest admin).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { pagingQuery } from './paging.js';

export const CLARIFICATION_LIMITS = {
  /** characters of a question (Markdown) */
  questionMax: 1000,
  /** characters of an answer (Markdown) */
  answerMax: 5000,
  /** characters of the title an answer to everyone is announced under */
  titleMax: 255,
  /** unanswered questions one user may have in one contest */
  openPerUser: 3,
  /** seconds between two questions of one user in one contest */
  intervalSec: 30,
  pageSize: 20,
} as const;

/**
 * The body limits are generous bounds against oversized requests; the lengths a user can reach are
 * checked by the server with the catalogue's messages (clarificationTooLong).
 */
export const askClarificationBody = z.object({
  cid: dbId,
  /** the problem's letter in the contest; absent or null: a question about the contest in general */
  displayId: z.string().trim().min(1).max(20).nullish(),
  content: z.string().max(CLARIFICATION_LIMITS.questionMax * 4),
});

export const answerClarificationBody = z.object({
  id: dbId,
  cid: dbId,
  answer: z.string().max(CLARIFICATION_LIMITS.answerMax * 4),
  /** true: everyone in the contest sees it, and it is published as a contest announcement */
  public: z.boolean().default(false),
  /** the announcement's title (an answer to everyone); absent: "Clarification" and the problem's letter */
  title: z.string().trim().max(CLARIFICATION_LIMITS.titleMax).nullish(),
});

export const clarificationListQuery = pagingQuery(CLARIFICATION_LIMITS.pageSize).extend({ cid: dbId });

export const clarificationIdQuery = z.object({ id: dbId, cid: dbId });

export interface ContestClarification {
  id: number;
  cid: number;
  /** the problem's letter; null: about the contest in general (or its problem was taken out of the contest) */
  displayId: string | null;
  problemTitle: string | null;
  /** the asker's name: for the contest's admins and the asker only (null for others' public ones) */
  username: string | null;
  /** the caller asked it */
  mine: boolean;
  content: string;
  answer: string | null;
  /** answered to everyone */
  public: boolean;
  answeredBy: string | null;
  /** the announcement an answer to everyone was published as */
  announcementId: number | null;
  gmtCreate: string;
  gmtAnswered: string | null;
}

/** A page of clarifications, and whether the caller answers them (the contest's admins: every question, unanswered first). */
export interface ClarificationPage extends Page<ContestClarification> {
  staff: boolean;
  /** unanswered questions in the contest (staff) or of the caller */
  open: number;
}

export const contestClarificationEndpoints = {
  /** participants: their own questions and the public answers; the contest's admins: all, unanswered first */
  list: endpoint<ClarificationPage>()({ method: 'GET', path: 'get-contest-clarification', query: clarificationListQuery }),
  ask: endpoint<ContestClarification>()({ method: 'POST', path: 'contest-clarification', body: askClarificationBody }),
  answer: endpoint<ContestClarification>()({ method: 'PUT', path: 'contest-clarification/answer', body: answerClarificationBody }),
  /** the contest's admins: a question gone (a duplicate, spam); an answer to everyone stays an announcement */
  remove: endpoint<null>()({ method: 'DELETE', path: 'contest-clarification', query: clarificationIdQuery }),
} as const;
