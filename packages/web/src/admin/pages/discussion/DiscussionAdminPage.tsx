import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../app/may';
import { CategoryEditor } from '../../components/CategoryEditor';
import { DiscussionTable } from './DiscussionTable';
import { ReportTable } from './ReportTable';

/** /admin/discussion (spec 3 "discussion": discussions and reports; categories for the super admin), the tab kept in `?tab=` so a reload stays on it. */
export default function DiscussionAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Categories are the super admin's (policy editDiscussionCategories).
  const categories = useMay('editDiscussionCategories');
  const asked = params.get('tab');
  const tab = asked === 'report' || (asked === 'category' && categories) ? asked : 'discussion';
  return (
    <div className="oj-admin-page" data-testid="admin-discussion">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'discussion' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'discussion', label: <span data-testid="admin-discussion-tab">{t('admin.discussion.list')}</span>, children: <DiscussionTable /> },
            { key: 'report', label: <span data-testid="admin-report-tab">{t('admin.discussion.reports')}</span>, children: <ReportTable /> },
            ...(categories
              ? [{ key: 'category', label: <span data-testid="admin-category-tab">{t('admin.discussion.categories')}</span>, children: <CategoryEditor /> }]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
