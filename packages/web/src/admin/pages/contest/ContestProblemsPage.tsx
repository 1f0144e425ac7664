import { useState } from 'react';
import { Button, Card, Input, Result, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminContestProblemListQuery, type AdminContestProblemRow } from '@oj/shared';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { ContestTypeTag } from '../../../components/contest/meta';
import { useMay } from '../../../app/may';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudList } from '../../kit/useCrudList';
import { AddGroupProblemDialog } from '../../contest/AddGroupProblemDialog';
import { AddPublicProblemDialog } from '../../contest/AddPublicProblemDialog';
import { nextDisplayId } from '../../contest/nextDisplayId';
import { useUsedDisplayIds } from '../../contest/useUsedDisplayIds';
import { ImportRemoteButton } from '../../remote/ImportRemoteButton';
import { BalloonPicker } from '../../contest/BalloonPicker';
import { ContestHeader } from '../../contest/ContestHeader';
import { useContestAdminScope } from '../../../api/contestAdminScope';
import '../../contest/contest-admin.css';
import { quietly } from '../../../api/client';

/** The list in the address bar: page, size and keyword (the contest comes from the route). */
const addressQuery = adminContestProblemListQuery.pick({ currentPage: true, limit: true, keyword: true });

/**
 * A contest's problems (contest/{contestId}/problems): display id and title edited in place,
 * balloon colour saved at once, removal, links to the problem editor, "add from public", a problem of
 * a remote judge imported under a display id, and a problem made for the contest
 * (contest/{contestId}/problem/create).
 */
export default function ContestProblemsPage() {
  const { contestId } = useParams();
  const cid = Number(contestId);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayManageProblems = useMay('manageProblems');
  const scope = useContestAdminScope();
  const { api } = scope;
  // Problems made for the contest live in the admin area's problem part (root and problem admins).
  const contestProblemPath = mayManageProblems ? scope.contestProblemPath : null;
  const [addingFromGroup, setAddingFromGroup] = useState(false);
  // Kept in the address (replacing its entry), so coming back from the problem editor finds the page as left.
  const paging = useSearchFilters(addressQuery);
  const { page, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const [adding, setAdding] = useState(false);
  const valid = Number.isInteger(cid) && cid > 0;

  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => api.get(cid)), enabled: valid, retry: false });
  // The display id offered to a remote problem imported here: the next free one, as "add from public" offers.
  const usedDisplayIds = useUsedDisplayIds(cid, valid && scope.importsRemote);
  const crud = useCrudList({
    key: ['admin-contest-problems', cid],
    query: { cid, currentPage: page, limit, keyword: keyword || undefined },
    list: api.problems,
    paging,
    enabled: valid,
    remove: (pid: number) => api.removeProblem(cid, pid),
    // the removed problem may be added again
    alsoRefresh: [['admin-contest-eligible', cid]],
  });
  const { refresh, remove } = crud;

  // The balloon has its own word; a failed in-place edit reloads the row so the old text comes back.
  const update = useMutation({
    mutationFn: (v: { row: AdminContestProblemRow; displayId?: string; displayTitle?: string; color?: string | null; what: 'color' | 'text' }) =>
      api.updateLink({
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

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (contest.isError) return <Result status="warning" title={(contest.error as Error).message} />;

  /** In-place editing of the display id or title: an empty value is refused, an unchanged one not saved. */
  const editText = (field: 'displayId' | 'displayTitle', maxLength: number, row: AdminContestProblemRow) => ({
    maxLength,
    tooltip: t('admin.edit'),
    onChange: (next: string) => {
      const value = next.trim();
      if (!value) feedback.error(t('admin.required', { field: t(`admin.contest.${field}`) }));
      else if (value !== row[field]) update.mutate({ row, [field]: value, what: 'text' });
    },
  });

  const columns: TableColumnsType<AdminContestProblemRow> = [
    {
      title: t('admin.contest.displayId'),
      dataIndex: 'displayId',
      width: 110,
      render: (v: string, row) => (
        <Typography.Text strong editable={editText('displayId', 20, row)} data-testid={`cp-display-id-${v}`}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.contest.displayTitle'),
      dataIndex: 'displayTitle',
      minWidth: 180,
      render: (v: string, row) => (
        <Typography.Text editable={editText('displayTitle', 255, row)} data-testid={`cp-display-title-${row.displayId}`}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.contest.problemId'),
      dataIndex: 'problemId',
      width: 130,
      render: (v: string, row) =>
        contestProblemPath && scope.problemEditPath ? (
          <Tooltip title={t('admin.contest.editInBank')}>
            <Link to={scope.problemEditPath(row.pid)} data-testid={`cp-problem-link-${row.displayId}`}>
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
          <ContestTypeTag contest={{ type: v, oiRankScoreType: contest.data?.oiRankScoreType ?? 'Recent' }} testId={`cp-type-${row.displayId}`} />
          {row.isRemote && <Tag>{t('admin.contest.remote')}</Tag>}
          {row.auth === 3 && <Tag color="cyan">{t('admin.auth.contest')}</Tag>}
        </>
      ),
    },
    {
      title: t('admin.contest.balloon'),
      dataIndex: 'color',
      width: 110,
      render: (v: string | null, row) => (
        <BalloonPicker value={v} onSave={(color) => update.mutate({ row, color, what: 'color' })} testId={`cp-balloon-${row.displayId}`} />
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4}>
          {contestProblemPath && (
            <Tooltip title={t('admin.contest.editProblem')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => navigate(contestProblemPath(cid, row.pid))}
                data-testid={`cp-edit-${row.displayId}`}
              />
            </Tooltip>
          )}
          <DeleteButton
            confirm={t('admin.contest.removeProblemConfirm', { displayId: row.displayId })}
            warning={t('admin.contest.removeProblemHint')}
            onConfirm={() => remove.mutate(row.pid)}
            tooltip={t('admin.contest.removeProblem')}
            testId={`cp-remove-${row.displayId}`}
            okTestId="cp-remove-ok"
          />
        </Space>
      ),
    },
  ];

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
            {scope.importsRemote && (
              <ImportRemoteButton
                target={{ kind: 'contest', cid }}
                suggestedDisplayId={nextDisplayId(usedDisplayIds.data ?? [])}
                onImported={() => void refresh()}
                disabled={!contest.data}
              />
            )}
            {scope.addFromGroup && (
              <Button icon={<PlusOutlined />} onClick={() => setAddingFromGroup(true)} disabled={!contest.data} data-testid="cp-add-group">
                {t('groupContest.addFromGroup')}
              </Button>
            )}
            {contestProblemPath && (
              <Button icon={<PlusOutlined />} onClick={() => navigate(contestProblemPath(cid, 'create'))} data-testid="cp-create">
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
            defaultValue={keyword}
            onSearch={(v) => setFilter({ keyword: v.trim() || undefined })}
            style={{ maxWidth: 320 }}
            data-testid="cp-keyword"
          />
        </div>
        <CrudTable<AdminContestProblemRow>
          rowKey="pid"
          columns={columns}
          crud={crud}
          paging={paging}
          locale={{ emptyText: t('admin.contest.noProblems') }}
          data-testid="cp-table"
        />
      </Card>
      {contest.data && <AddPublicProblemDialog contest={contest.data} open={adding} onClose={() => setAdding(false)} onAdded={() => void refresh()} />}
      {contest.data && scope.addFromGroup && (
        <AddGroupProblemDialog
          contest={contest.data}
          add={scope.addFromGroup}
          open={addingFromGroup}
          onClose={() => setAddingFromGroup(false)}
          onAdded={() => void refresh()}
        />
      )}
    </div>
  );
}
