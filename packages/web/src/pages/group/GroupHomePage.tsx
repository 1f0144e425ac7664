import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { useGroup } from './GroupContext';

/** The group's home (spec 3 §2): its description. */
export default function GroupHomePage() {
  const { t } = useTranslation();
  const { group } = useGroup();
  return (
    <Card title={t('group.description')} data-testid="group-description">
      <Markdown source={group.description} />
    </Card>
  );
}
