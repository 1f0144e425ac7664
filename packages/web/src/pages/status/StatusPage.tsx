import { useMemo, useState } from 'react';
import { Button, Card, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, submissionListQuery, type SubmissionInfo, type SubmissionPage } from '@oj/shared';
import { isActive, useStatusPolling, type SubmissionListParams } from '../../api/submission';
import { PUBLIC_LIST_SCOPE, type SubmissionListScope } from './listScope';
import { useSession } from '../../app/session';
import { FILTER_STATUSES, formatLength, formatMemory, formatTime, statusName } from './format';
import { StatusWithManualJudge } from './ManualJudge';
import { RelativeTime } from '../../components/RelativeTime';
import { ActionsCell, shareable, useResubmittable } from './RowActions';
import { useListState } from '../../components/list/useListState';
import { listPager } from '../../components/list/listPager';
import { useIsMobile } from '../../app/layout/useIsMobile';
import './status.css';
import { useMay } from '../../app/may';

/**
 * The page's query fields: the group's list takes its group from the route, not the address; the
 * address names pages by number (a link or reload works), the cursor is the pager's (`useCursorStep`).
 */
const statusListQuery = submissionListQuery.omit({ gid: true, cursor: true });
const PAGER = { pageSizes: PAGE_SIZES.options };

/** Filters live in the query string, so a link (rank list → /status?username=…&status=0) or reload keeps them. */
function useFilters() {
  const [state, update] = useListState(statusListQuery, undefined, PAGER);
  const filters: SubmissionListParams = {
    ...state,
    onlyMine: state.onlyMine || undefined,
    // A problem's "solutions" link asks for exactly its id, not every id containing it.
    completeProblemID: (!!state.problemID && state.completeProblemID) || undefined,
  };
  return { filters, update };
}

/**
 * Next / previous by keyset cursor: a step to the neighbouring page sends the cursor the shown page
 * answered, so a deep page costs the server what the first does and no row repeats or goes missing when
 * submissions arrive meanwhile; a page chosen by number (quick jumper, a link, a reload) and the first
 * page (the newest rows) are asked by number.
 */
function useCursorStep(query: SubmissionListParams, enabled: boolean) {
  const [step, setStep] = useState<{ page: number; cursor: string; filters: string } | null>(null);
  const filters = JSON.stringify({ ...query, currentPage: undefined });
  const cursor = enabled && step && step.page === query.currentPage && step.filters === filters ? step.cursor : undefined;
  /** Called before the pager moves from the page shown (`data`) to `page` (same page size). */
  const moving = (page: number, data: SubmissionPage | undefined) => {
    const c = page === query.currentPage + 1 ? data?.nextCursor : page === query.currentPage - 1 ? data?.prevCursor : undefined;
    setStep(enabled && c && page > 1 ? { page, cursor: c, filters } : null);
  };
  return { cursor, moving };
}

/** Submission list, /status. */
export default function StatusPage() {
  return <SubmissionListView scope={PUBLIC_LIST_SCOPE} />;
}

/**
 * The submission list of /status, or of a contest (ContestSubmissionsPage) with its scope: where the
 * rows come from and lead to, which columns, the title.
 */
export function SubmissionListView({ scope }: { scope: SubmissionListScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const { filters, update } = useFilters();
  const narrow = useIsMobile();
  const onlyMine = !!filters.onlyMine && !!user;
  const query = { ...filters, onlyMine: onlyMine || undefined, username: onlyMine ? undefined : filters.username };
  const step = useCursorStep(query, !!scope.cursors);
  const listQuery = step.cursor ? { ...query, cursor: step.cursor } : query;
  const key = scope.key(listQuery, user?.uid);
  const { data, isFetching, isPlaceholderData, refetch } = useQuery({
    queryKey: key,
    queryFn: () => scope.list(listQuery),
    placeholderData: keepPreviousData,
  });
  // Each button exactly when the server takes its call: rejudge (permission), manual verdicts and cancel.
  const canRejudge = useMay('rejudge');
  const supervises = useMay('superviseJudging');
  const resubmittable = useResubmittable();

  /** Puts changed rows into the cached page (polling answers, admin actions, share). */
  const merge = (rows: SubmissionInfo[]) => {
    const byId = new Map(rows.map((r) => [r.submitId, r]));
    client.setQueryData<SubmissionPage>(key, (old) => (old ? { ...old, records: old.records.map((r) => byId.get(r.submitId) ?? r) } : old));
  };
  const activeIds = useMemo(() => (data?.records ?? []).filter((r) => isActive(r.status)).map((r) => r.submitId), [data]);
  // Polling gets 300 rounds per page of results; a refresh or an admin action (rejudge) starts it anew.
  const [round, setRound] = useState(0);
  useStatusPolling(activeIds, `${JSON.stringify(key)}|${round}`, (rows) => merge(Object.values(rows)), scope.checkStatus, scope.place);
  const changeOne = (r: SubmissionInfo) => {
    merge([r]);
    setRound((n) => n + 1);
  };

  const statusColumn: ColumnsType<SubmissionInfo>[number] = {
    title: t('statusPage.status'),
    key: 'status',
    render: (_, r) => <StatusWithManualJudge row={r} enabled={supervises} onJudged={changeOne} />,
  };
  const columns: ColumnsType<SubmissionInfo> = [
    {
      title: t('statusPage.runId'),
      dataIndex: 'submitId',
      width: 90,
      render: (id: number, r) => (
        <Link to={scope.submissionPath(r)} data-testid={`run-${id}`}>
          {id}
        </Link>
      ),
    },
    // Under 768 px the verdict comes right after the run id, so it is on screen without scrolling the table.
    ...(narrow ? [statusColumn] : []),
    {
      title: t('statusPage.problem'),
      key: 'problem',
      width: narrow ? 160 : 200,
      ellipsis: true,
      render: (_, r) => (
        <Link to={scope.problemPath(r)}>
          {r.displayPid}
          {r.title ? ` ${r.title}` : ''}
        </Link>
      ),
    },
    ...(narrow ? [] : [statusColumn]),
    ...(scope.showScore ? [{ title: t('statusPage.score'), dataIndex: 'score', render: (s: number | null) => (s === null ? '--' : s) }] : []),
    { title: t('statusPage.time'), dataIndex: 'time', render: formatTime },
    { title: t('statusPage.memory'), dataIndex: 'memory', render: formatMemory },
    { title: t('statusPage.length'), dataIndex: 'length', render: formatLength },
    {
      title: t('statusPage.language'),
      dataIndex: 'language',
      render: (lang: string, r) => (
        <Tooltip title={t('statusPage.viewDetail')}>
          <Typography.Link onClick={() => navigate(scope.submissionPath(r))}>{lang}</Typography.Link>
        </Tooltip>
      ),
    },
    { title: t('statusPage.judger'), dataIndex: 'judger', render: (j: string | null) => j ?? '--' },
    {
      title: t('statusPage.author'),
      dataIndex: 'username',
      render: (name: string, r) => (
        <>
          <Link to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(name)}`}>{name}</Link>
          {r.virtual && (
            <Tag className="oj-status-virtual" data-testid={`submission-virtual-${r.submitId}`}>
              {t('scoreboard.table.virtual')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('statusPage.submitTime'), dataIndex: 'submitTime', render: (iso: string) => <RelativeTime iso={iso} /> },
  ];
  // The option column only when the viewer has something to do there (share, resubmit, rejudge, cancel).
  const hasActions = !!user && (canRejudge || (data?.records ?? []).some((r) => (r.uid === user.uid && shareable(r)) || resubmittable(r)));
  if (hasActions) {
    columns.push({
      title: t('statusPage.option'),
      key: 'option',
      render: (_, r) => (
        <ActionsCell row={r} mine={r.uid === user?.uid} canRejudge={canRejudge} canCancel={supervises} canResubmit={resubmittable(r)} onChange={changeOne} />
      ),
    });
  }

  if (scope.extraColumn) columns.push(scope.extraColumn);

  const pager = listPager(filters, update, data?.total ?? 0, PAGE_SIZES.options);

  return (
    <div className={scope.pageClass ?? 'oj-page'} data-testid={scope.testId ?? 'status-page'}>
      <Card
        title={scope.title(filters)}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setRound((n) => n + 1);
              void refetch();
            }}
            loading={isFetching}
            data-testid="status-refresh"
          >
            {t('statusPage.refresh')}
          </Button>
        }
      >
        <Space wrap className="oj-status-filters">
          {user && (
            <span className="oj-only-mine">
              <Switch checked={onlyMine} onChange={(v) => update({ onlyMine: v })} data-testid="only-mine" /> {t('statusPage.onlyMine')}
            </span>
          )}
          <Select
            className="oj-status-select"
            value={filters.status ?? 'all'}
            onChange={(v) => update({ status: v === 'all' ? undefined : Number(v) })}
            data-testid="status-filter"
            options={[
              { value: 'all', label: t('statusPage.allStatus') },
              ...FILTER_STATUSES.map((s) => ({ value: s, label: t(`judgeStatus.${statusName(s)}`) })),
            ]}
          />
          <Input.Search
            key={`p-${filters.problemID ?? ''}`}
            className="oj-status-search"
            allowClear
            defaultValue={filters.problemID}
            placeholder={t('statusPage.problemId')}
            onSearch={(v) => update({ problemID: v.trim() || undefined, completeProblemID: undefined })}
            data-testid="problem-filter"
          />
          <Input.Search
            key={`u-${filters.username ?? ''}-${onlyMine}`}
            className="oj-status-search"
            allowClear
            disabled={onlyMine}
            defaultValue={onlyMine ? user?.username : filters.username}
            placeholder={t('statusPage.author')}
            onSearch={(v) => update({ username: v.trim() || undefined })}
            data-testid="author-filter"
          />
        </Space>
        <Table<SubmissionInfo>
          rowKey="submitId"
          size="middle"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={!data && isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="status-table"
          pagination={{
            ...pager,
            onChange: (page, limit) => {
              // a page still on its way shows the previous one's rows: its cursors are not the shown page's
              if (limit === filters.limit) step.moving(page, isPlaceholderData ? undefined : data);
              pager.onChange?.(page, limit);
            },
            showQuickJumper: true,
            showTotal: (total) => t('statusPage.total', { total }),
          }}
        />
      </Card>
    </div>
  );
}
