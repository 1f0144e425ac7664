import type { Actor, GroupLevelValue } from '@oj/shared';
import { useActor } from '../../../app/may';
import { useGroup } from '../../../components/group/GroupContext';

/** The viewer as the policy sees him inside the group of the enclosing shell: his level there and whether he owns it. */
export function useGroupActor(): Actor | null {
  const actor = useActor();
  const { access } = useGroup();
  if (!actor) return null;
  return { ...actor, groupLevel: access.level > 0 ? (access.level as GroupLevelValue) : null, groupOwner: access.owner };
}
