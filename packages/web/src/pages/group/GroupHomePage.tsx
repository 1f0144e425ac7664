import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { useGroup } from '../../components/group/GroupContext';
import { GroupAnnouncements } from './announcement/GroupAnnouncements';

/** The group's home: its description and, for members, its announcements. */
export default function GroupHomePage() {
  const { t } = useTranslation();
  const { group } = useGroup();
  return (
    <div className="oj-stack">
      <Card title={t('group.description')} data-testid="group-description">
        <Markdown source={group.description} />
      </Card>
      <GroupAnnouncements />
    </div>
  );
}
