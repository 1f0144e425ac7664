/**
 * Who may see and enter a training (the COMMON training rules): visible trainings are listed
 * to everyone; hidden ones exist only for their admins; a private one needs its password once
 * (register-training) unless the caller is a training admin (policy `may`: author, super admin, group
 * root). A group's training exists only for the group's members: its owner is resolved
 * from the row with the caller (`trainingOwner`), asked afresh, so a member removed from the group loses
 * it at once. Every training call goes through these few functions.
 */
import { and, eq } from 'drizzle-orm';
import { may, TRAINING_LIMITS, TrainingAuth, type Actor, type Resource } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingPasswordFailures, trainingRegisters, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import type { PasswordTries } from '../../lib/password-tries.js';
import { ownerOfRow } from '../group/owner.js';
import { ownerFilter, type Owner } from '../owner/index.js';
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
 * The training's owner with the caller in it (`ownerOfRow`): the site, or the training's group once he
 * passes its gate (member, owner or super admin: else groupNotFound / groupNotMember), with his level
 * there; the policy is then asked with the owner's actor.
 */
export const trainingOwner = (db: DbOrTx, t: Pick<TrainingRow, 'gid'>, user: AuthUser | null): Promise<Owner> => ownerOfRow(db, user, t.gid);

/** Training admin: edits it, its problems and visibility, sees real names in its rank, never needs the password. */
export const isTrainingAdmin = (t: Pick<TrainingRow, 'uid' | 'gid'>, actor: Actor | null) => may(actor, 'administer', trainingResource(t));

/** Training `tid`; with `within`, only when that owner holds it (a group's calls find only its trainings). */
export async function trainingById(db: DbOrTx, tid: number, within?: Owner): Promise<TrainingRow | undefined> {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, tid), within && ownerFilter(within, trainings.gid)));
  return row;
}

/** A training, its owner and the caller as the policy sees him there (the owner's actor). */
export interface TrainingStanding {
  training: TrainingRow;
  owner: Owner;
  actor: Actor | null;
  admin: boolean;
}

/**
 * Training `tid` with its owner: `within`, the owner a call was made in (resolved with the caller there),
 * whose trainings alone it reaches; without it the training's own. A missing one is trainingNotFound.
 */
export async function ownedTraining(db: DbOrTx, tid: number, user: AuthUser | null, within?: Owner): Promise<{ training: TrainingRow; owner: Owner }> {
  const training = await trainingById(db, tid, within);
  if (!training) throw fail('trainingNotFound');
  return { training, owner: within ?? (await trainingOwner(db, training, user)) };
}

/** A training the caller may know of (policy `view`): hidden ones answer "does not exist" to all but their admins. */
export async function visibleTrainingStanding(db: DbOrTx, tid: number, user: AuthUser | null): Promise<TrainingStanding> {
  const { training: t, owner } = await ownedTraining(db, tid, user);
  if (!may(owner.actor, 'view', trainingResource(t))) throw fail('trainingNotFound');
  return { training: t, owner, actor: owner.actor, admin: isTrainingAdmin(t, owner.actor) };
}

export async function visibleTraining(db: DbOrTx, tid: number, user: AuthUser | null): Promise<TrainingRow> {
  return (await visibleTrainingStanding(db, tid, user)).training;
}

/**
 * A training the caller administers (admin pages); others are told it does not exist or that they may
 * not. `within`: the owner the call was made in (`ownedTraining`).
 */
export async function administeredTrainingStanding(db: DbOrTx, tid: number, user: AuthUser, within?: Owner): Promise<TrainingStanding> {
  const { training: t, owner } = await ownedTraining(db, tid, user, within);
  if (!isTrainingAdmin(t, owner.actor)) throw forbidden();
  return { training: t, owner, actor: owner.actor, admin: true };
}

export async function administeredTraining(db: DbOrTx, tid: number, user: AuthUser, within?: Owner): Promise<TrainingRow> {
  return (await administeredTrainingStanding(db, tid, user, within)).training;
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
