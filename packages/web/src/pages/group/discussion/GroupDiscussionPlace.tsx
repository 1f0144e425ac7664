import type { ReactNode } from 'react';
import { groupBoardApi } from '../../../api/groupBoard';
import { DiscussionPlaceContext, type DiscussionPlace } from '../../../components/discussion/place';
import { groupPath, useGroup } from '../../../components/group/GroupContext';
import { useGroupActor } from './useGroupActor';

const enc = encodeURIComponent;

/**
 * The site's discussion pages inside a group: the group's calls
 * (group/get-discussion-list, group/discussion, group/admin-discussion …), paths under
 * /group/:gid, and the viewer's group level for the policy (the group's admins moderate).
 */
export function GroupDiscussionPlace({ children }: { children: ReactNode }) {
  const { group } = useGroup();
  const actor = useGroupActor();
  const gid = group.id;
  const place: DiscussionPlace = {
    gid,
    actor,
    listPath: (pid) => (pid ? groupPath(gid, 'discussion', enc(pid)) : groupPath(gid, 'discussion')),
    detailPath: (id) => groupPath(gid, 'discussion-detail', id),
    problemPath: (pid) => groupPath(gid, 'problem', enc(pid)),
    list: (q) => groupBoardApi.discussions({ ...q, gid }),
    add: (body) => groupBoardApi.addDiscussion(gid, body),
    update: groupBoardApi.updateDiscussion,
    remove: groupBoardApi.removeDiscussion,
    moderate: groupBoardApi.moderateDiscussion,
    adminList: (q) => groupBoardApi.adminDiscussions({ ...q, gid }),
    // The group's call deletes one discussion at a time (HOJ's DELETE group/discussion?did).
    adminRemove: async (ids) => {
      for (const did of ids) await groupBoardApi.removeDiscussion(did);
    },
  };
  return <DiscussionPlaceContext.Provider value={place}>{children}</DiscussionPlaceContext.Provider>;
}
