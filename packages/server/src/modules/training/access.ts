/**
 * Who may see and enter a training (spec 2 §6, COMMON rules of issue 12): visible trainings are listed
 * to everyone; hidden ones exist only for their admins; a private one needs its password once
 * (register-training) unless the caller is a training admin (policy `may`: author, super admin, group
 * root). A group's training exists only for the group's members (spec 3 §6), read through `actorIn`,
 * so a member removed from the group loses it at once. Every training call goes through these few
 * functions.
 */
import { and, eq } from 'drizzle-orm';
import { may, TRAINING_LIMITS, TrainingAuth, type Actor, type Resource } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingPasswordFailures, trainingRegisters, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, unauthorized } from '../../lib/errors.js';
import type { PasswordTries } from '../../lib/password-tries.js';
import { memberStanding } from '../group/access.js';
import { actorOf } from '../policy/index.js';

export type TrainingRow = typeof trainings.$inferSelect;

export { actorOf };

/** A training as the policy reads it; `visible` its status switch, when known (`view` reads it). */
export const trainingResource = (t: Pick<TrainingRow, 'uid' | 'gid'> & Partial<Pick<TrainingRow, 'status'>>): Resource => ({
  kind: 'training',
  uid: t.uid,
  gid: t.gid,
  visible: t.status,
});

/**
 * The caller as the policy sees him for this training: a site training asks the site roles; a group's
 * training first needs the caller inside the group (member, owner or super admin: else groupNotFound /
 * groupNotMember) and brings his level there.
 */
export async function trainingActor(db: DbOrTx, t: Pick<TrainingRow, 'gid'>, user: AuthUser | null): Promise<Actor | null> {
  if (t.gid === null) return actorOf(user);
  if (!user) throw unauthorized();
  return (await memberStanding(db, user, t.gid)).actor;
}

/** Training admin: edits it, its problems and visibility, sees real names in its rank, never needs the password. */
export const isTrainingAdmin = (t: Pick<TrainingRow, 'uid' | 'gid'>, actor: Actor | null) => may(actor, 'administer', trainingResource(t));

export async function trainingById(db: DbOrTx, tid: number): Promise<TrainingRow | undefined> {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, tid));
  return row;
}

/** A training and the caller as the policy sees him for it. */
export interface TrainingStanding {
  training: TrainingRow;
  actor: Actor | null;
  admin: boolean;
}

/** A training the caller may know of (policy `view`): hidden ones answer "does not exist" to all but their admins. */
export async function visibleTrainingStanding(db: DbOrTx, tid: number, user: AuthUser | null): Promise<TrainingStanding> {
  const t = await trainingById(db, tid);
  if (!t) throw fail('trainingNotFound');
  const actor = await trainingActor(db, t, user);
  if (!may(actor, 'view', trainingResource(t))) throw fail('trainingNotFound');
  return { training: t, actor, admin: isTrainingAdmin(t, actor) };
}

export async function visibleTraining(db: DbOrTx, tid: number, user: AuthUser | null): Promise<TrainingRow> {
  return (await visibleTrainingStanding(db, tid, user)).training;
}

/** A training the caller administers (admin pages); others are told it does not exist or that they may not. */
export async function administeredTrainingStanding(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingStanding> {
  const t = await trainingById(db, tid);
  if (!t) throw fail('trainingNotFound');
  const actor = await trainingActor(db, t, user);
  if (!isTrainingAdmin(t, actor)) throw forbidden();
  return { training: t, actor, admin: true };
}

export async function administeredTraining(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingRow> {
  return (await administeredTrainingStanding(db, tid, user)).training;
}

export async function isRegistered(db: DbOrTx, tid: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ tid: trainingRegisters.tid })
    .from(trainingRegisters)
    .where(and(eq(trainingRegisters.tid, tid), eq(trainingRegisters.uid, uid)));
  return !!row;
}

/** get-training-access: public trainings are open; private ones after the password, or to their admins. */
export async function hasAccess(db: DbOrTx, s: TrainingStanding, user: AuthUser): Promise<boolean> {
  const t = s.training;
  if (t.auth !== TrainingAuth.PRIVATE) return true;
  if (may(s.actor, 'skipPassword', trainingResource(t))) return true;
  return isRegistered(db, t.id, user.uid);
}

/** A visible training the caller has access to: the inside of a training (problems, rank, submitting). */
export async function enteredTrainingStanding(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingStanding> {
  const s = await visibleTrainingStanding(db, tid, user);
  // The problems, rank and submitting need access; without it the caller is asked for the password.
  if (!(await hasAccess(db, s, user))) throw fail('trainingNotRegistered');
  return s;
}

export async function enteredTraining(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingRow> {
  return (await enteredTrainingStanding(db, tid, user)).training;
}

/** Five wrong passwords per user and training in ten minutes, then a pause (like contest passwords). */
export const TRAINING_PASSWORD_TRIES: PasswordTries = {
  table: trainingPasswordFailures,
  key: trainingPasswordFailures.tid,
  uid: trainingPasswordFailures.uid,
  failures: trainingPasswordFailures.failures,
  windowStart: trainingPasswordFailures.windowStart,
  tries: TRAINING_LIMITS.passwordTries,
  windowMinutes: TRAINING_LIMITS.passwordWindowMinutes,
  tooMany: 'trainingPasswordTooManyTries',
};
