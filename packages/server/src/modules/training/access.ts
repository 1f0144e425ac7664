/**
 * Who may see and enter a training (spec 2 §6, COMMON rules of issue 12): visible trainings are listed
 * to everyone; hidden ones exist only for their admins; a private one needs its password once
 * (register-training) unless the caller is a training admin (policy `may`: author, super admin, group
 * root). Every training call goes through these few functions.
 */
import { and, eq } from 'drizzle-orm';
import { may, TRAINING_LIMITS, TrainingAuth, type Actor, type Resource } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingPasswordFailures, trainingRegisters, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import type { PasswordTries } from '../../lib/password-tries.js';

export type TrainingRow = typeof trainings.$inferSelect;

/** The caller as the policy sees them (site trainings: no group level yet). */
export const actorOf = (user: AuthUser | null): Actor | null => (user ? { uid: user.uid, roles: user.roles } : null);

export const trainingResource = (t: Pick<TrainingRow, 'uid' | 'gid'>): Resource => ({ kind: 'training', uid: t.uid, gid: t.gid });

/** Training admin: edits it, its problems and visibility, sees real names in its rank, never needs the password. */
export const isTrainingAdmin = (t: Pick<TrainingRow, 'uid' | 'gid'>, user: AuthUser | null) => may(actorOf(user), 'administer', trainingResource(t));

export async function trainingById(db: DbOrTx, tid: number): Promise<TrainingRow | undefined> {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, tid));
  return row;
}

/** A training the caller may know of: hidden ones answer "does not exist" to all but their admins. */
export async function visibleTraining(db: DbOrTx, tid: number, user: AuthUser | null): Promise<TrainingRow> {
  const t = await trainingById(db, tid);
  if (!t || (!t.status && !isTrainingAdmin(t, user))) throw fail('trainingNotFound');
  return t;
}

/** A training the caller administers (admin pages); others are told it does not exist or that they may not. */
export async function administeredTraining(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingRow> {
  const t = await trainingById(db, tid);
  if (!t) throw fail('trainingNotFound');
  if (!isTrainingAdmin(t, user)) throw forbidden();
  return t;
}

export async function isRegistered(db: DbOrTx, tid: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ tid: trainingRegisters.tid })
    .from(trainingRegisters)
    .where(and(eq(trainingRegisters.tid, tid), eq(trainingRegisters.uid, uid)));
  return !!row;
}

/** get-training-access: public trainings are open; private ones after the password, or to their admins. */
export async function hasAccess(db: DbOrTx, t: TrainingRow, user: AuthUser): Promise<boolean> {
  if (t.auth !== TrainingAuth.PRIVATE) return true;
  if (may(actorOf(user), 'skipPassword', trainingResource(t))) return true;
  return isRegistered(db, t.id, user.uid);
}

/** The problems, rank and submitting need access; without it the caller is asked for the password. */
export async function assertAccess(db: DbOrTx, t: TrainingRow, user: AuthUser): Promise<void> {
  if (!(await hasAccess(db, t, user))) throw fail('trainingNotRegistered');
}

/** A visible training the caller has access to: the inside of a training (problems, rank, submitting). */
export async function enteredTraining(db: DbOrTx, tid: number, user: AuthUser): Promise<TrainingRow> {
  const t = await visibleTraining(db, tid, user);
  await assertAccess(db, t, user);
  return t;
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
