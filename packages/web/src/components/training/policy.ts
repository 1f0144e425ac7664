import { may, type Actor, type TrainingDetail } from '@oj/shared';
import { actorInGroup, useActor } from '../../app/may';
import { useSession } from '../../app/session';
import { useTrainingPlace } from './TrainingPlace';

/** The viewer as the policy sees him in the training's place: in a group, with his level there and whether he owns it. */
export function useTrainingActor(): Actor | null {
  const actor = useActor();
  const { group } = useTrainingPlace();
  return group ? actorInGroup(actor, group.access) : actor;
}

/**
 * The training's edit and problem-list buttons (super admins). Asked of the policy
 * with no author: the detail names the author by username only, and the spec gives the buttons to
 * super admins.
 */
export function useMayEditTraining(gid: number | null): boolean {
  return may(useActor(), 'administer', { kind: 'training', uid: null, gid });
}

/**
 * Training admin (author, super admin, group root), e.g. for the rank's real-name column.
 * The detail names its author by username, so the author is the viewer when the names match.
 */
export function useIsTrainingAdmin(training: TrainingDetail): boolean {
  const actor = useTrainingActor();
  const { user } = useSession();
  const uid = user && user.username === training.author ? user.uid : null;
  return may(actor, 'administer', { kind: 'training', uid, gid: training.gid });
}
