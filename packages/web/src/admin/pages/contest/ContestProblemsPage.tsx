import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Result, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminContestProblemRow } from '@oj/shared';
import { adminContestApi } from '../../../api/adminContest';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { useIsMobile } from '../../../app/layout/useIsMobile';
import { useSession } from '../../../app/session';
import { hasAdminAccess } from '../../access';
import { AddPublicProblemDialog } from '../../contest/AddPublicProblemDialog';
import { BalloonPicker } from '../../contest/BalloonPicker';
import { ContestHeader } from '../../contest/ContestHeader';
import { ADMIN_PAGE_SIZES } from '../../problemOptions';
import '../../contest/contest-admin.css';

/**
 * A contest's problems (spec 3 §2 contest/{contestId}/problems): display id and title edited in place,
 * balloon colour saved at once, removal, links to the problem editor, "add from public" and a problem
 * made for the contest (contest/{contestId}/problem/create).
 */
export default function ContestProblemsPage() {
  const { contestId } = useParams();
  const cid = Number(contestId);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const isMobile = useIsMobile();
  const { roles } = useSession();
  const canEditProblems = hasAdminAccess(roles, 'problem');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZES[0]!);
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const valid = Number.isInteger(cid) && cid > 0;

  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: () => adminContestApi.get(cid), enabled: valid, retry: false });
  const list = useQuery({
    queryKey: ['admin-contest-problems', cid, page, limit, keyword],
    queryFn: () => adminContestApi.problems({ cid, currentPage: page, limit, keyword: keyword || undefined }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  // Letters in use over the whole contest (not just this page), for the next suggestion.
  const all = useQuery({
    queryKey: ['admin-contest-problems', cid, 'all'],
    queryFn: () => adminContestApi.problems({ cid, currentPage: 1, limit: 100 }),
    enabled: valid,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin-contest-problems', cid] });

  const update = useMutation({
    mutationFn: (v: { row: AdminContestProblemRow; displayId?: string; displayTitle?: string; color?: string | null; what: 'color' | 'text' }) =>
      adminContestApi.updateLink({
        cid,
        pid: v.row.pid,
        displayId: v.displayId ?? v.row.displayId,
        displayTitle: v.displayTitle ?? v.row.displayTitle,
        color: v.color !== undefined ? v.color : v.row.color,
      }),
    onSuccess: (res, v) => {
      feedback.success(v.what === 'color' ? t('admin.contest.balloonUpdated') : successMsg(res.msg, 'admin.updated'));
      void refresh();
    },
    onError: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (pid: number) => adminContestApi.removeProblem(cid, pid),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'admin.deleted'));
      void refresh();
      void client.invalidateQueries({ queryKey: ['admin-contest-eligible', cid] });
    },
  });

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (contest.isError) return <Result status="warning" title={(contest.error as Error).message} />;

  const columns: TableColumnsType<AdminContestProblemRow> = [
    {
      title: t('admin.contest.displayId'),
      dataIndex: 'displayId',
      width: 110,
      render: (v: string, row) => (
        <Typography.Text
          strong
          editable={{
            maxLength: 20,
            tooltip: t('admin.edit'),
            onChange: (next) => {
              const id = next.trim();
              if (!id) feedback.error(t('admin.required', { field: t('admin.contest.displayId') }));
              else if (id !== v) update.mutate({ row, displayId: id, what: 'text' });
            },
          }}
          data-testid={`cp-display-id-${v}`}
        >
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.contest.displayTitle'),
      dataIndex: 'displayTitle',
      minWidth: 180,
      render: (v: string, row) => (
        <Typography.Text
          editable={{
            maxLength: 255,
            tooltip: t('admin.edit'),
            onChange: (next) => {
              const title = next.trim();
              if (!title) feedback.error(t('admin.required', { field: t('admin.contest.displayTitle') }));
              else if (title !== v) update.mutate({ row, displayTitle: title, what: 'text' });
            },
          }}
          data-testid={`cp-display-title-${row.displayId}`}
        >
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.contest.problemId'),
      dataIndex: 'problemId',
      width: 130,
      render: (v: string, row) =>
        canEditProblems ? (
          <Tooltip title={t('admin.contest.editInBank')}>
            <Link to={`/admin/problem/edit/${row.pid}`} data-testid={`cp-problem-link-${row.displayId}`}>
              {v}
            </Link>
          </Tooltip>
        ) : (
          v
        ),
    },
    { title: t('admin.contest.originalTitle'), dataIndex: 'title', responsive: ['lg'], minWidth: 140 },
    {
      title: t('admin.problem.type'),
      dataIndex: 'type',
      width: 150,
      render: (v: number, row) => (
        <>
          <Tag color={v === 0 ? 'blue' : 'purple'}>{v === 0 ? 'ACM' : 'OI'}</Tag>
          {row.isRemote && <Tag>{t('admin.contest.remote')}</Tag>}
          {row.auth === 3 && <Tag color="cyan">{t('admin.auth.contest')}</Tag>}
        </>
      ),
    },
    {
      title: t('admin.contest.balloon'),
      dataIndex: 'color',
      width: 110,
      render: (v: string | null, row) => <BalloonPicker value={v} onSave={(color) => update.mutate({ row, color, what: 'color' })} testId={`cp-balloon-${row.displayId}`} />,
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 100,
      fixed: isMobile ? undefined : 'right',
      render: (_v, row) => (
        <Space size={4}>
          {canEditProblems && (
            <Tooltip title={t('admin.contest.editProblem')}>
              <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/admin/contest/${cid}/problem/${row.pid}/edit`)} data-testid={`cp-edit-${row.displayId}`} />
            </Tooltip>
          )}
          <Popconfirm
            title={t('admin.contest.removeProblemConfirm', { displayId: row.displayId })}
            description={t('admin.contest.removeProblemHint')}
            okButtonProps={{ danger: true, 'data-testid': 'cp-remove-ok' }}
            onConfirm={() => remove.mutate(row.pid)}
          >
            <Tooltip title={t('admin.contest.removeProblem')}>
              <Button size="small" danger icon={<DeleteOutlined />} data-testid={`cp-remove-${row.displayId}`} />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const used = (all.data?.records ?? []).map((r) => r.displayId);

  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-contest-problems">
      <ContestHeader contest={contest.data} section="problems" />
      <Card
        title={t('admin.contest.problems')}
        extra={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!contest.data} data-testid="cp-add-public">
              {t('admin.contest.addFromPublic')}
            </Button>
            {canEditProblems && (
              <Button icon={<PlusOutlined />} onClick={() => navigate(`/admin/contest/${cid}/problem/create`)} data-testid="cp-create">
                {t('admin.contest.createProblem')}
              </Button>
            )}
          </Space>
        }
      >
        <div className="oj-admin-filters">
          <Input.Search
            allowClear
            enterButton={<SearchOutlined />}
            placeholder={t('admin.contest.problemKeyword')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 320 }}
            data-testid="cp-keyword"
          />
        </div>
        <Table<AdminContestProblemRow>
          rowKey="pid"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.contest.noProblems') }}
          pagination={{
            current: page,
            pageSize: limit,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: ADMIN_PAGE_SIZES,
            hideOnSinglePage: false,
            showTotal: (total) => t('admin.total', { total }),
            onChange: (p, size) => {
              setPage(size !== limit ? 1 : p);
              setLimit(size);
            },
          }}
          data-testid="cp-table"
        />
      </Card>
      {contest.data && (
        <AddPublicProblemDialog
          cid={cid}
          contestType={contest.data.type}
          open={adding}
          used={used}
          onClose={() => setAdding(false)}
          onAdded={() => void refresh()}
        />
      )}
    </div>
  );
}
