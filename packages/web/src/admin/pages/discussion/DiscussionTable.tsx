import { useState } from 'react';
import { Button, Input, Select, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminDiscussionListQuery, DiscussionStatus, may, type DiscussionListRow, type DiscussionStatusValue } from '@oj/shared';
import { adminCommunityKeys } from '../../../api/adminCommunity';
import { feedback } from '../../../app/feedback';
import { formatDateTime } from '../../../components/time';
import { useDiscussionPlace } from '../../../components/discussion/place';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton, DeleteSelectedButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';

/**
 * Every site discussion, hidden ones included: keyword and status
 * filters, the status select and the top switch that save at once, delete one or the selected ones.
 * Each row asks the policy whether the admin may moderate it (`may(actor, 'moderate', discussion)`).
 * In a group's discussion tab the same table lists that group's, through the group's calls;
 * there the members' list has the address's plain keys, and this table keeps its own under `prefix`.
 */
export function DiscussionTable({ prefix }: { prefix?: string }) {
  const { t } = useTranslation();
  const place = useDiscussionPlace();
  const { actor, detailPath } = place;
  const paging = useSearchFilters(adminDiscussionListQuery, prefix);
  const { keyword } = paging.state;
  const status = paging.state.status as DiscussionStatusValue | undefined;
  const [selected, setSelected] = useState<number[]>([]);
  const q = { currentPage: paging.page, limit: paging.limit, keyword: keyword || undefined, status };
  const crud = useCrudList({
    // a group's list and the site's are kept apart by its gid
    key: adminCommunityKeys.discussionList(place.gid ?? 0),
    query: q,
    list: place.adminList,
    paging,
    remove: place.adminRemove,
    onRemoved: (ids: number[]) => setSelected((s) => s.filter((id) => !ids.includes(id))),
  });
  const { remove } = crud;
  const update = useCrudAction(crud, place.moderate, 'admin.updated');
  const removeSelected = () => {
    if (selected.length === 0) {
      feedback.error(t('msg.discussionsSelectEmpty'));
      return;
    }
    remove.mutate(selected);
  };
  const mayModerate = (r: DiscussionListRow) => may(actor, 'moderate', { kind: 'discussion', uid: r.uid, gid: r.gid });

  const columns: TableColumnsType<DiscussionListRow> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: t('admin.discussion.title'),
      dataIndex: 'title',
      // The title takes what the other columns leave, cut with "…" (the link's tooltip has it whole).
      ellipsis: { showTitle: false },
      render: (title: string, r) => (
        <a
          href={detailPath(r.id)}
          target="_blank"
          rel="noopener noreferrer"
          title={r.pid ? `[${r.pid}] ${title}` : title}
          data-testid={`admin-discussion-title-${r.id}`}
        >
          {r.pid ? `[${r.pid}] ${title}` : title}
        </a>
      ),
    },
    { title: t('admin.discussion.author'), dataIndex: 'author', width: 110, ellipsis: true },
    { title: t('admin.discussion.likes'), dataIndex: 'likeNum', width: 72 },
    { title: t('admin.discussion.views'), dataIndex: 'viewNum', width: 72 },
    { title: t('admin.discussion.created'), dataIndex: 'gmtCreate', width: 164, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.discussion.status'),
      dataIndex: 'status',
      width: 124,
      render: (v: DiscussionStatusValue, r) => (
        <Select<DiscussionStatusValue>
          size="small"
          value={v}
          style={{ width: 110 }}
          disabled={!mayModerate(r)}
          loading={update.isPending && update.variables?.id === r.id && update.variables.status !== undefined}
          onChange={(value) => update.mutate({ id: r.id, status: value })}
          options={[
            { value: DiscussionStatus.PUBLIC, label: t('admin.discussion.statusPublic') },
            { value: DiscussionStatus.HIDDEN, label: t('admin.discussion.statusHidden') },
          ]}
          data-testid={`admin-discussion-status-${r.id}`}
        />
      ),
    },
    {
      title: t('admin.discussion.top'),
      dataIndex: 'topPriority',
      width: 72,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!mayModerate(r)}
          loading={update.isPending && update.variables?.id === r.id && update.variables.topPriority !== undefined}
          onChange={(value) => update.mutate({ id: r.id, topPriority: value })}
          aria-label={t('admin.discussion.top')}
          data-testid={`admin-discussion-top-${r.id}`}
        />
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 88,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4} wrap={false}>
          <Tooltip title={t('admin.discussion.view')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              href={detailPath(r.id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('admin.discussion.view')}
            />
          </Tooltip>
          {may(actor, 'delete', { kind: 'discussion', uid: r.uid, gid: r.gid }) && (
            <DeleteButton
              confirm={t('admin.discussion.deleteConfirm')}
              onConfirm={() => remove.mutate([r.id])}
              testId={`admin-discussion-delete-${r.id}`}
              okTestId="admin-discussion-delete-ok"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="oj-admin-filters">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('admin.discussion.keyword')}
            // a new filter starts at page 1 (the patch does not name the page)
            onSearch={(v) => paging.setFilter({ keyword: v.trim() || undefined })}
            style={{ width: 260 }}
            data-testid="admin-discussion-keyword"
          />
          <Select<DiscussionStatusValue | 'all'>
            value={status ?? 'all'}
            style={{ width: 140 }}
            onChange={(v) => paging.setFilter({ status: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('admin.discussion.statusAll') },
              { value: DiscussionStatus.PUBLIC, label: t('admin.discussion.statusPublic') },
              { value: DiscussionStatus.HIDDEN, label: t('admin.discussion.statusHidden') },
            ]}
            aria-label={t('admin.discussion.status')}
            data-testid="admin-discussion-status-filter"
          />
          <DeleteSelectedButton
            count={selected.length}
            confirm={t('admin.discussion.deleteSelectedConfirm', { count: selected.length })}
            onConfirm={removeSelected}
            pending={remove.isPending}
            label={t('admin.discussion.deleteSelected')}
            testId="admin-discussion-delete-selected"
          />
        </Space>
      </div>
      <CrudTable<DiscussionListRow>
        rowKey="id"
        columns={columns}
        crud={crud}
        paging={paging}
        // Fixed widths but the title's: the title column shrinks before the table scrolls sideways.
        scroll={{ x: 960 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
      />
    </>
  );
}
