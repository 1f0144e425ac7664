import type { Actor } from '@oj/shared';
import { actorInGroup, useActor } from '../../../app/may';
import { useGroup } from '../../../components/group/GroupContext';

/** The viewer as the policy sees him inside the group of the enclosing shell: his level there and whether he owns it. */
export function useGroupActor(): Actor | null {
  return actorInGroup(useActor(), useGroup().access);
}
