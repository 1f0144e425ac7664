/**
 * The training place: problems by their bank id inside a training the caller entered (public,
 * password given, or its admin); submissions are bank submissions (cid 0) stamped with the training
 * (tid, and its group's gid), so they show on /status and count in the bank as well as in the rank.
 */
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { enteredTraining, type TrainingRow } from '../training/access.js';
import { openTrainingProblem, trainingFullScreenProblems } from '../training/problems.js';
import { problemStatuses } from '../training/progress.js';
import { bankPlace } from './bank.js';
import type { OpenedProblem, Place, PlaceResolver, ProblemKey, SubmissionFacts, SubmissionListFilter } from './types.js';

class TrainingPlace implements Place {
  readonly kind = 'training' as const;
  readonly submitRules = { judge: 'public', captcha: true, interval: true, contestQueue: false } as const;
  private entered?: Promise<TrainingRow>;
  private loaded: TrainingRow | null = null;
  /** lists, polls, rights and last-AC code: a training's submissions are the bank's */
  private bank: Place;

  constructor(
    private ctx: AppContext,
    readonly user: AuthUser | null,
    private tid: number,
  ) {
    this.bank = bankPlace.resolve(ctx, user, {}) as Place;
  }

  private get db() {
    return this.ctx.database.db;
  }

  /** The training, visible to the caller and entered (else the training's own failure). */
  private training(): Promise<TrainingRow> {
    if (!this.user) throw unauthorized();
    const user = this.user;
    this.entered ??= enteredTraining(this.db, this.tid, user).then((t) => (this.loaded = t));
    return this.entered;
  }

  async openProblem(key: ProblemKey): Promise<OpenedProblem> {
    if (!this.user) throw unauthorized();
    const opened = await openTrainingProblem(this.db, this.user, this.tid, key);
    this.loaded = opened.training;
    return { problem: opened.problem, displayId: opened.displayId, title: opened.problem.title, linkId: opened.linkId };
  }

  problemCount(p: OpenedProblem) {
    return this.bank.problemCount(p, {});
  }

  async showsTags() {
    return true;
  }

  async userProblemStatus(pids: number[]) {
    const t = await this.training();
    return problemStatuses(this.db, this.user!.uid, t, pids);
  }

  async problemBar() {
    if (!this.user) throw unauthorized();
    return trainingFullScreenProblems(this.db, this.user, this.tid);
  }

  /** Called after openProblem, so the training is loaded. */
  stamp(p: OpenedProblem) {
    return { cid: 0, cpid: 0, displayPid: p.displayId, gid: this.loaded?.gid ?? null, tid: this.loaded?.id ?? this.tid };
  }

  listSubmissions(q: SubmissionListFilter) {
    return this.bank.listSubmissions(q);
  }

  pollSubmissions(ids: number[]) {
    return this.bank.pollSubmissions(ids);
  }

  submissionRights(s: SubmissionFacts) {
    return this.bank.submissionRights(s);
  }

  lastAcScope(): Promise<SQL> {
    return this.bank.lastAcScope();
  }
}

export const trainingPlace: PlaceResolver = {
  kind: 'training',
  claims: (ref) => !!ref.tid && !ref.cid,
  resolve: (ctx, user, ref) => new TrainingPlace(ctx, user, ref.tid!),
};
