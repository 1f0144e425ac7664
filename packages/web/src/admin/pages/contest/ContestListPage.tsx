import { useState } from 'react';
import { Button, Card, Input, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { ApiOutlined, DownloadOutlined, EditOutlined, FileSearchOutlined, NotificationOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminContestListQuery, contestRule, type AdminContest } from '@oj/shared';
import { formatDateTime } from '../../../components/time';
import { ContestAuthTag, ContestStatusTag, ContestTypeTag } from '../../../components/contest/meta';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';
import { useContestAdminScope } from '../../../api/contestAdminScope';
import { DownloadAcDialog } from '../../contest/DownloadAcDialog';
import { ClicsDialog } from '../../contest/ClicsDialog';
import '../../contest/contest-admin.css';

/**
 * Contest list of the admin area (the group contests' admin table): keyword, paging,
 * type, auth and status tags, the visible switch, times and creator, and the row actions. The server
 * lists every contest for the super admin and their own ones for other admins: exactly the contests
 * they may manage, so no row needs its actions disabled. In a group (its scope) every contest
 * of the group is listed and only the group root's or the creator's rows have their actions enabled.
 */
export default function ContestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState<AdminContest | null>(null);
  const [clics, setClics] = useState<AdminContest | null>(null);
  const scope = useContestAdminScope();
  const { api } = scope;

  const paging = useSearchFilters(adminContestListQuery);
  const { page: currentPage, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';

  const crud = useCrudList({
    key: ['admin-contests', scope.listPath],
    query: { currentPage, limit, keyword: keyword || undefined },
    list: api.list,
    paging,
    remove: (cid: number) => api.remove(cid),
    alsoRefresh: [['admin-contests']],
  });
  const { remove } = crud;
  const visible = useCrudAction(crud, ({ id, value }: { id: number; value: boolean }) => api.changeVisible(id, value), 'admin.updated');

  const columns: TableColumnsType<AdminContest> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: t('admin.contest.title'),
      dataIndex: 'title',
      render: (title: string, c) => (
        <div className="oj-contest-title-cell">
          {scope.canManage(c) ? (
            <Link to={scope.contestPath(c.id, 'edit')} data-testid={`contest-title-${c.id}`}>
              {title}
            </Link>
          ) : (
            <span data-testid={`contest-title-${c.id}`}>{title}</span>
          )}
        </div>
      ),
    },
    {
      title: t('admin.contest.type'),
      dataIndex: 'type',
      width: 70,
      render: (_v: number, c) => <ContestTypeTag contest={c} testId={`contest-type-${c.id}`} />,
    },
    {
      title: t('admin.contest.auth'),
      dataIndex: 'auth',
      width: 96,
      render: (v: number) => <ContestAuthTag auth={v} />,
    },
    {
      title: t('admin.contest.status'),
      dataIndex: 'status',
      width: 96,
      render: (v: number) => <ContestStatusTag status={v} />,
    },
    {
      title: t('admin.contest.visible'),
      dataIndex: 'visible',
      width: 80,
      render: (v: boolean, c) => (
        <Switch
          size="small"
          checked={v}
          disabled={!scope.canManage(c)}
          loading={visible.isPending && visible.variables?.id === c.id}
          onChange={(value) => visible.mutate({ id: c.id, value })}
          data-testid={`contest-visible-${c.id}`}
        />
      ),
    },
    {
      title: t('admin.contest.info'),
      key: 'info',
      width: 230,
      render: (_v, c) => (
        <div className="oj-contest-info">
          <span>
            <b>{t('admin.contest.start')}</b>
            {formatDateTime(c.startTime)}
          </span>
          <span>
            <b>{t('admin.contest.end')}</b>
            {formatDateTime(c.endTime)}
          </span>
          <span>
            <b>{t('admin.contest.created')}</b>
            {formatDateTime(c.gmtCreate)}
          </span>
          <span>
            <b>{t('admin.contest.creator')}</b>
            {c.author ?? '—'}
          </span>
        </div>
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 264,
      fixed: 'right',
      render: (_v, c) => {
        // A group contest's admins check its submissions though they do not manage it (the server asks the policy).
        const plagiarism = (
          <Tooltip title={t('admin.contest.plagiarism')}>
            <Button size="small" icon={<FileSearchOutlined />} onClick={() => navigate(`/plagiarism?cid=${c.id}`)} data-testid={`contest-plagiarism-${c.id}`} />
          </Tooltip>
        );
        return scope.canManage(c) ? (
          <Space size={4} wrap={false}>
            <Tooltip title={t('admin.edit')}>
              <Button size="small" icon={<EditOutlined />} onClick={() => navigate(scope.contestPath(c.id, 'edit'))} data-testid={`contest-edit-${c.id}`} />
            </Tooltip>
            <Tooltip title={t('admin.contest.problems')}>
              <Button
                size="small"
                icon={<UnorderedListOutlined />}
                onClick={() => navigate(scope.contestPath(c.id, 'problems'))}
                data-testid={`contest-problems-${c.id}`}
              />
            </Tooltip>
            <Tooltip title={t('admin.contest.announcements')}>
              <Button
                size="small"
                icon={<NotificationOutlined />}
                onClick={() => navigate(scope.contestPath(c.id, 'announcement'))}
                data-testid={`contest-announcements-${c.id}`}
              />
            </Tooltip>
            <Tooltip title={t('admin.contest.download.title')}>
              <Button size="small" icon={<DownloadOutlined />} onClick={() => setDownloading(c)} data-testid={`contest-download-${c.id}`} />
            </Tooltip>
            {plagiarism}
            <DeleteButton
              confirm={t('admin.contest.deleteConfirm')}
              warning={<div style={{ maxWidth: 280 }}>{t('admin.contest.deleteWarning')}</div>}
              onConfirm={() => remove.mutate(c.id)}
              testId={`contest-delete-${c.id}`}
              okTestId="contest-delete-ok"
            />
            {contestRule(c.type).clics && (
              <Tooltip title={t('admin.contest.clics.title')}>
                <Button size="small" icon={<ApiOutlined />} onClick={() => setClics(c)} data-testid={`contest-clics-${c.id}`} />
              </Tooltip>
            )}
          </Space>
        ) : (
          <Space size={4} wrap={false}>
            {plagiarism}
            <span className="oj-muted" data-testid={`contest-not-manageable-${c.id}`}>
              —
            </span>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-contest-list">
      <Card
        title={t('admin.menu.contestList')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(scope.createPath)} data-testid="contest-create">
            {t('admin.menu.contestCreate')}
          </Button>
        }
      >
        {scope.searchable && (
          <div className="oj-admin-filters">
            <Input.Search
              allowClear
              defaultValue={keyword}
              placeholder={t('admin.contest.keyword')}
              onSearch={(v) => setFilter({ keyword: v.trim() })}
              style={{ maxWidth: 320 }}
              data-testid="contest-keyword"
            />
          </div>
        )}
        <CrudTable<AdminContest> rowKey="id" columns={columns} crud={crud} paging={paging} />
      </Card>
      <DownloadAcDialog contest={downloading} onClose={() => setDownloading(null)} />
      <ClicsDialog contest={clics} onClose={() => setClics(null)} />
    </div>
  );
}
