import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DiscussionTable } from './DiscussionTable';
import { ReportTable } from './ReportTable';

/** /admin/discussion (spec 3 "discussion": discussions and reports), the tab kept in `?tab=` so a reload stays on it. */
export default function DiscussionAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'report' ? 'report' : 'discussion';
  return (
    <div className="oj-admin-page" data-testid="admin-discussion">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'report' ? { tab: 'report' } : {}, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'discussion', label: <span data-testid="admin-discussion-tab">{t('admin.discussion.list')}</span>, children: <DiscussionTable /> },
            { key: 'report', label: <span data-testid="admin-report-tab">{t('admin.discussion.reports')}</span>, children: <ReportTable /> },
          ]}
        />
      </Card>
    </div>
  );
}
