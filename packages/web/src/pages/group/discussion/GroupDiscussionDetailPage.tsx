import './groupDiscussion.css';
import DiscussionDetailPage from '../../discussion/DiscussionDetailPage';
import { GroupDiscussionPlace } from './GroupDiscussionPlace';

/** /group/:gid/discussion-detail/:discussionID: the site's discussion page in the group (its links, its moderators). */
export default function GroupDiscussionDetailPage() {
  return (
    <GroupDiscussionPlace>
      <div className="oj-group-discussion">
        <DiscussionDetailPage />
      </div>
    </GroupDiscussionPlace>
  );
}
