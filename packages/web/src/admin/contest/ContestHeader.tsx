import { Button, Card, Segmented, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminContest } from '@oj/shared';
import { ContestStatusTag, ContestTypeTag } from '../../components/contest/meta';
import { useContestAdminScope } from '../../api/contestAdminScope';

type Section = 'edit' | 'problems' | 'announcement';

/** The contest a sub-page belongs to, with the way back to the list and between its admin pages. */
export function ContestHeader({ contest, section, extra }: { contest: AdminContest | undefined; section: Section; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useContestAdminScope();
  return (
    <Card size="small" className="oj-contest-header" data-testid="contest-admin-header">
      <div className="oj-contest-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(scope.listPath)} aria-label={t('admin.contest.backToList')} data-testid="contest-back">
          <span className="oj-admin-hide-narrow">{t('admin.contest.backToList')}</span>
        </Button>
        {contest && (
          <Space size={6} wrap style={{ flex: 1, minWidth: 0 }}>
            <span className="oj-contest-head-title" data-testid="contest-admin-title">
              #{contest.id} {contest.title}
            </span>
            <ContestTypeTag contest={contest} testId="contest-admin-type" />
            <ContestStatusTag status={contest.status} />
          </Space>
        )}
        {contest && (
          <Segmented<Section>
            value={section}
            onChange={(v) => navigate(scope.contestPath(contest.id, v))}
            options={[
              { value: 'edit', label: t('admin.edit') },
              { value: 'problems', label: t('admin.contest.problemsShort') },
              { value: 'announcement', label: t('admin.contest.announcementsShort') },
            ]}
            data-testid="contest-admin-sections"
          />
        )}
        {extra}
      </div>
    </Card>
  );
}
