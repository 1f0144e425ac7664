import './groupDiscussion.css';
import { Button, Card } from 'antd';
import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { may } from '@oj/shared';
import { DiscussionTable } from '../../../admin/pages/discussion/DiscussionTable';
import DiscussionListPage from '../../discussion/DiscussionListPage';
import { useGroup } from '../../../components/group/GroupContext';
import { useListState } from '../../../components/list/useListState';
import { GroupDiscussionPlace } from './GroupDiscussionPlace';
import { useGroupActor } from './useGroupActor';

/**
 * Which list is on show, in the address (`?admin=true`) like the group's problem tab, so a reload keeps
 * the admin table. The members' list has the address's plain keys; the admin table keeps its own under
 * the `admin` prefix (`adminPage`, `adminKeyword` …), so neither list moves the other.
 */
const viewQuery = z.object({ admin: z.stringbool().optional() });
const ADMIN_PREFIX = 'admin';

/**
 * /group/:gid/discussion[/:problemID]: the site's discussion list in the
 * group, and for the group's admins the "Discussion Admin" switch to the site's admin table of the
 * group's discussions (status, top, delete, view).
 */
export default function GroupDiscussionListPage() {
  const { t } = useTranslation();
  const actor = useGroupActor();
  const { group } = useGroup();
  const [view, setView] = useListState(viewQuery);
  const moderator = may(actor, 'moderate', { kind: 'discussion', uid: null, gid: group.id });
  const admin = moderator && !!view.admin;
  return (
    <GroupDiscussionPlace>
      {moderator && (
        <div className="oj-group-board-bar">
          <Button
            icon={admin ? <UnorderedListOutlined /> : <SettingOutlined />}
            onClick={() => setView({ admin: !admin || undefined })}
            data-testid="group-discussion-admin-toggle"
          >
            {admin ? t('groupBoard.discussion.backToList') : t('groupBoard.discussion.admin')}
          </Button>
        </div>
      )}
      <div className="oj-group-discussion">
        {admin ? (
          <Card title={t('groupBoard.discussion.admin')} data-testid="group-discussion-admin">
            <DiscussionTable prefix={ADMIN_PREFIX} />
          </Card>
        ) : (
          <DiscussionListPage />
        )}
      </div>
    </GroupDiscussionPlace>
  );
}
