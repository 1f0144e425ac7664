import { useQuery } from '@tanstack/react-query';
import { ContestStatus, type ContestInfo } from '@oj/shared';
import { contestHackApi, contestHackKeys } from '../../../api/contestHack';
import { useSession } from '../../../app/session';

/** Whether the viewer may hack in this contest now (a participant of a running contest that allows hacks). */
export const hacksOpen = (c: ContestInfo, isContestAdmin: boolean) => c.allowHacks && !isContestAdmin && c.status === ContestStatus.RUNNING;

/** The viewer's locked problems (displayIds) of a contest whose hacks are open to him. */
export function useHackLocks(c: ContestInfo, open: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: contestHackKeys.locks(c.id, user?.uid ?? ''),
    queryFn: () => contestHackApi.locks(c.id, { silent: true }),
    enabled: open && !!user,
  });
}
