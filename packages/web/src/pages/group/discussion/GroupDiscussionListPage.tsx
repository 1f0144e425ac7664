import './groupDiscussion.css';
import { useState } from 'react';
import { Button, Card } from 'antd';
import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { may } from '@oj/shared';
import { DiscussionTable } from '../../../admin/pages/discussion/DiscussionTable';
import DiscussionListPage from '../../discussion/DiscussionListPage';
import { useGroup } from '../../../components/group/GroupContext';
import { GroupDiscussionPlace } from './GroupDiscussionPlace';
import { useGroupActor } from './useGroupActor';

/**
 * /group/:gid/discussion[/:problemID] (spec 3 "Group discussions"): the site's discussion list in the
 * group, and for the group's admins the "Discussion Admin" switch to the site's admin table of the
 * group's discussions (status, top, delete, view).
 */
export default function GroupDiscussionListPage() {
  const { t } = useTranslation();
  const actor = useGroupActor();
  const { group } = useGroup();
  const [admin, setAdmin] = useState(false);
  const moderator = may(actor, 'moderate', { kind: 'discussion', uid: null, gid: group.id });
  return (
    <GroupDiscussionPlace>
      {moderator && (
        <div className="oj-group-board-bar">
          <Button icon={admin ? <UnorderedListOutlined /> : <SettingOutlined />} onClick={() => setAdmin(!admin)} data-testid="group-discussion-admin-toggle">
            {admin ? t('groupBoard.discussion.backToList') : t('groupBoard.discussion.admin')}
          </Button>
        </div>
      )}
      <div className="oj-group-discussion">
        {admin ? (
          <Card title={t('groupBoard.discussion.admin')} data-testid="group-discussion-admin">
            <DiscussionTable />
          </Card>
        ) : (
          <DiscussionListPage />
        )}
      </div>
    </GroupDiscussionPlace>
  );
}
