import { createContext, useContext } from 'react';
import type { Group, GroupAuthInfo } from '@oj/shared';

/**
 * What the group shell (/group/:groupID) knows and its tabs need: the group, the viewer's standing in it
 * as the policy reads it (member, admin, root, owner, level), and a way to reload both (after joining,
 * leaving, a settings change, a member change).
 */
export interface GroupContextValue {
  group: Group;
  access: GroupAuthInfo;
  refresh: () => void;
}

export const GroupContext = createContext<GroupContextValue | null>(null);

/** The group of the enclosing shell; only for components rendered inside it. */
export function useGroup(): GroupContextValue {
  const value = useContext(GroupContext);
  if (!value) throw new Error('useGroup outside the group shell');
  return value;
}

/** The path of a group page: `groupPath(7)` is its home, `groupPath(7, 'problem')` a tab. */
export const groupPath = (gid: number, ...rest: (string | number)[]) => ['/group', gid, ...rest].join('/');

/**
 * Where a submission made in the group opens its problem: the group training it was made in (a public
 * problem of the training is not one of the group's problems), else the group's problem page.
 */
export const groupSubmissionProblemPath = (gid: number, s: { tid: number | null; displayPid: string }) =>
  s.tid ? groupPath(gid, 'training', s.tid, 'problem', encodeURIComponent(s.displayPid)) : groupPath(gid, 'problem', encodeURIComponent(s.displayPid));
