import { useContest } from './ContestContext';
import { Comments } from '../../components/comments/Comments';

/**
 * The contest's Comment tab (switch openContestComment, route guard `contestComment`): the
 * site's one comment list, under the contest; its admins delete any comment.
 */
export default function ContestCommentPage() {
  const { contest } = useContest();
  return <Comments source={{ cid: contest.id }} contest={{ uid: contest.uid, gid: contest.gid }} gid={contest.gid} />;
}
