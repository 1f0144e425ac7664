import type { Actor, ContestInfo } from '@oj/shared';
import { useGroupAccess } from '../../api/group';
import { actorInGroup, useActor } from '../../app/may';

/**
 * The viewer as the policy sees him in the contest's place: in a group contest with his level in the
 * group and whether he owns it (asked of the server once per group), so a button asks `may` with what
 * the server asks it with.
 */
export function useContestActor(contest: Pick<ContestInfo, 'gid'>): Actor | null {
  const actor = useActor();
  const access = useGroupAccess(contest.gid ?? 0);
  return contest.gid === null ? actor : actorInGroup(actor, access.data);
}
