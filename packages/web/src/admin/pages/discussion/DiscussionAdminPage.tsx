import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMay } from '../../../app/may';
import { useListState } from '../../../components/list/useListState';
import { CategoryEditor } from '../../components/CategoryEditor';
import { DiscussionTable } from './DiscussionTable';
import { ReportTable } from './ReportTable';

/**
 * The tab in the address bar: an unknown one opens the discussions; switching replaces the history entry.
 * Each tab's list keeps its own keys there (the reports' under a prefix), so a switch leaves both lists
 * where they were.
 */
const tabQuery = z.object({ tab: z.enum(['discussion', 'report', 'category']).default('discussion') });
const TAB_OPTIONS = { replace: true };

/** /admin/discussion (discussions and reports; categories for the super admin), the tab kept in `?tab=` so a reload stays on it. */
export default function DiscussionAdminPage() {
  const { t } = useTranslation();
  const [{ tab: asked }, setTab] = useListState(tabQuery, undefined, TAB_OPTIONS);
  // Categories are the super admin's (policy editDiscussionCategories).
  const categories = useMay('editDiscussionCategories');
  const tab = asked !== 'category' || categories ? asked : 'discussion';
  return (
    <div className="oj-admin-page" data-testid="admin-discussion">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab({ tab: key as typeof asked })}
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
