import { Select, Switch, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reportListQuery, type DiscussionReport } from '@oj/shared';
import { adminCommunityKeys, adminDiscussionApi } from '../../../api/adminCommunity';
import { formatDateTime } from '../../../components/time';
import { useSearchFilters } from '../../components/adminPaging';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';

type Filter = 'all' | 'open' | 'handled';

/**
 * The report list in the address bar: page, size and the handled filter. The filter is named
 * (`open|handled`) rather than the endpoint's boolean, whose `false` would not be written (an unset
 * flag leaves the address). The discussions share the page: the reports' keys carry the `report`
 * prefix (`reportPage`, `reportLimit`, `reportStatus`), so paging one list leaves the other.
 */
const reportAddressQuery = reportListQuery.omit({ status: true }).extend({ status: z.enum(['open', 'handled']).optional() });
const REPORT_PREFIX = 'report';

/** Reports of discussions: the discussion, who reported it, tags, reason, time, and the handled switch. */
export function ReportTable() {
  const { t } = useTranslation();
  const paging = useSearchFilters(reportAddressQuery, REPORT_PREFIX);
  const filter: Filter = paging.state.status ?? 'all';
  const q = { currentPage: paging.page, limit: paging.limit, status: filter === 'all' ? undefined : filter === 'handled' };
  const crud = useCrudList({ key: adminCommunityKeys.reports, query: q, list: adminDiscussionApi.reports, paging });
  const handle = useCrudAction(crud, ({ id, status }: { id: number; status: boolean }) => adminDiscussionApi.handleReport(id, status), 'admin.updated');

  const columns: TableColumnsType<DiscussionReport> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('admin.discussion.reportDiscussion'),
      dataIndex: 'discussionTitle',
      width: 220,
      ellipsis: { showTitle: false },
      render: (title: string, r) => (
        <a title={title} href={`/discussion-detail/${r.did}`} target="_blank" rel="noopener noreferrer" data-testid={`admin-report-link-${r.id}`}>
          {title}
        </a>
      ),
    },
    { title: t('admin.discussion.reporter'), dataIndex: 'reporter', width: 110, ellipsis: true },
    {
      title: t('admin.discussion.reportTags'),
      dataIndex: 'tags',
      width: 150,
      render: (tags: DiscussionReport['tags']) =>
        tags.map((tag) => (
          <Tag key={tag} color="volcano">
            {t(`admin.discussion.tag.${tag}`)}
          </Tag>
        )),
    },
    // The reason wraps: the admin reads it whole.
    { title: t('admin.discussion.reportReason'), dataIndex: 'reason', render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span> },
    { title: t('admin.discussion.reportTime'), dataIndex: 'gmtCreate', width: 164, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.discussion.handled'),
      dataIndex: 'status',
      width: 90,
      fixed: 'right',
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          loading={handle.isPending && handle.variables?.id === r.id}
          onChange={(status) => handle.mutate({ id: r.id, status })}
          aria-label={t('admin.discussion.handled')}
          data-testid={`admin-report-handled-${r.id}`}
        />
      ),
    },
  ];

  return (
    <>
      <div className="oj-admin-filters">
        <Select<Filter>
          value={filter}
          style={{ width: 160 }}
          // a new filter starts at page 1 (the patch does not name the page)
          onChange={(v) => paging.setFilter({ status: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: t('admin.discussion.reportAll') },
            { value: 'open', label: t('admin.discussion.reportOpen') },
            { value: 'handled', label: t('admin.discussion.reportHandled') },
          ]}
          aria-label={t('admin.discussion.handled')}
          data-testid="admin-report-filter"
        />
      </div>
      <CrudTable<DiscussionReport> rowKey="id" columns={columns} crud={crud} paging={paging} scroll={{ x: 960 }} />
    </>
  );
}
