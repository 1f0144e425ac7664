import './scoreboard.css';
import { memo, useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Space, Switch, Tooltip, Typography } from 'antd';
import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, ContestStatus, type ContestInfo, type VirtualRankPage } from '@oj/shared';
import { contestRankApi, contestRankKeys, type RankQuery } from '../../../api/contestRank';
import { useLive } from '../../../api/live';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/time';
import { contestVirtualApi } from '../../../api/contestVirtual';
import { hms, readConcerned, writeConcerned, CONCERNED_MAX } from './format';
import { RetryAlert } from './RetryAlert';
import { ScoreboardTable, type ProblemHead } from './ScoreboardTable';

export interface ScoreboardViewProps {
  /** virtual: the viewer's ghost board of his virtual run */
  source: 'inside' | 'outside' | 'virtual';
  /** the viewer's virtual run is under way (the ghost board then moves with his clock) */
  virtualRunning?: boolean;
  /** with the status as the contest clock says it */
  contest: ContestInfo;
  problems: ProblemHead[];
  isContestAdmin: boolean;
}

/**
 * A contest board with its controls (rank, outside scoreboard; auto-refresh; page sizes):
 * search by school or shown name, remove stars, follow users (pinned under the viewer's own row),
 * auto-refresh every 30 s (on by default while running, off once ended, off after a failed request),
 * and for contest admins the after-contest switch and a forced recomputation. Memoised: the outside
 * page's header ticks every second, the board need not.
 */
export const ScoreboardView = memo(function ScoreboardView({ source, contest, problems, isContestAdmin, virtualRunning }: ScoreboardViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const cid = contest.id;
  const running = source === 'virtual' ? !!virtualRunning : contest.status === ContestStatus.RUNNING;
  const admin = source === 'inside' && isContestAdmin;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(CONTEST_LIMITS.rankPageSize);
  const [keyword, setKeyword] = useState('');
  const [removeStar, setRemoveStar] = useState(false);
  const [containsEnd, setContainsEnd] = useState(false);
  // Whether the viewer wants auto-refresh; it only runs while the contest does, so a board opened
  // before the start refreshes once the contest runs, and one left open past the end stops.
  const [wanted, setWanted] = useState(true);
  const autoRefresh = running && wanted;
  const [concerned, setConcerned] = useState<string[]>(() => readConcerned(cid));
  const force = useRef(false);
  const [forcing, setForcing] = useState(false);

  const q: Omit<RankQuery, 'forceRefresh'> = {
    cid,
    currentPage: page,
    limit,
    removeStar,
    concernedList: concerned,
    keyword: keyword || undefined,
    containsEnd: admin && containsEnd,
  };
  // Auto-refresh: at each change the live stream tells (never of a sealed result), else every 30 s.
  const refetchRef = useRef<() => void>(() => {});
  const live = useLive(autoRefresh && user ? { contest: cid } : null, (e) => {
    if ((e.type === 'board' && e.cid === cid) || e.type === 'resync') refetchRef.current();
  });
  const query = useQuery({
    queryKey: contestRankKeys.rank(cid, source, user?.uid ?? '', q),
    queryFn: async () => {
      const forceRefresh = force.current;
      force.current = false;
      const call = source === 'virtual' ? contestVirtualApi.rank : source === 'inside' ? contestRankApi.rank : contestRankApi.outside;
      try {
        return await call({ ...q, forceRefresh }, { silent: true });
      } catch (err) {
        // A failed board request only stops loading and auto-refresh, no server message.
        setWanted(false);
        throw err;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: autoRefresh && !live ? CONTEST_LIMITS.rankRefreshMs : false,
  });
  const { data, isError, isFetching, refetch } = query;
  // A burst of verdicts is one read: a refetch under way is not started again.
  refetchRef.current = () => void refetch({ cancelRefetch: false });

  const toggleConcern = useCallback(
    (uid: string) => {
      setConcerned((list) => {
        const next = list.includes(uid) ? list.filter((x) => x !== uid) : [...list, uid].slice(-CONCERNED_MAX);
        writeConcerned(cid, next);
        return next;
      });
    },
    [cid],
  );

  const pinned = data?.pinned ?? 0;
  // The ghost board stands at the viewer's elapsed time.
  const elapsed = source === 'virtual' && data ? (data as VirtualRankPage).elapsed : null;
  const pinnedOnPage = Math.max(0, Math.min(limit, pinned - (page - 1) * limit));
  const sealTime = contest.sealRankTime ? formatDateTime(contest.sealRankTime) : '';

  return (
    <Card
      className="oj-scoreboard-card"
      title={t('scoreboard.title')}
      data-testid="scoreboard"
      data-source={source}
      extra={
        data ? (
          <Typography.Text type="secondary" className="oj-sb-updated" data-testid="sb-updated">
            {isFetching ? <SyncOutlined spin /> : null} {t('scoreboard.updatedAt', { time: dayjs(query.dataUpdatedAt).format('HH:mm:ss') })}
          </Typography.Text>
        ) : null
      }
    >
      <div className="oj-sb-toolbar">
        <Input.Search
          className="oj-sb-search"
          allowClear
          placeholder={t('scoreboard.toolbar.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          data-testid="sb-search"
        />
        <Space wrap size={[16, 8]}>
          <label className="oj-sb-switch">
            <Switch
              size="small"
              checked={removeStar}
              onChange={(v) => {
                setRemoveStar(v);
                setPage(1);
              }}
              data-testid="sb-remove-star"
            />
            {t('scoreboard.toolbar.removeStar')}
          </label>
          <Tooltip title={running ? undefined : t('scoreboard.toolbar.autoRefreshOff')}>
            <label className="oj-sb-switch">
              <Switch size="small" checked={autoRefresh} disabled={!running} onChange={setWanted} data-testid="sb-auto-refresh" />
              {t('scoreboard.toolbar.autoRefresh', { seconds: CONTEST_LIMITS.rankRefreshMs / 1000 })}
            </label>
          </Tooltip>
          {admin ? (
            <Tooltip title={contest.allowEndSubmit ? t('scoreboard.toolbar.containsEndTip') : t('scoreboard.toolbar.containsEndOff')}>
              <label className="oj-sb-switch">
                <Switch
                  size="small"
                  checked={containsEnd}
                  disabled={!contest.allowEndSubmit}
                  onChange={(v) => {
                    setContainsEnd(v);
                    setPage(1);
                  }}
                  data-testid="sb-contains-end"
                />
                {t('scoreboard.toolbar.containsEnd')}
              </label>
            </Tooltip>
          ) : null}
          {admin ? (
            <Tooltip title={t('scoreboard.toolbar.forceRefreshTip')}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                loading={forcing}
                onClick={() => {
                  force.current = true;
                  setForcing(true);
                  void refetch().finally(() => setForcing(false));
                }}
                data-testid="sb-force-refresh"
              >
                {t('scoreboard.toolbar.forceRefresh')}
              </Button>
            </Tooltip>
          ) : null}
          {concerned.length ? (
            <Button
              size="small"
              type="link"
              onClick={() => {
                writeConcerned(cid, []);
                setConcerned([]);
              }}
              data-testid="sb-clear-follow"
            >
              {t('scoreboard.toolbar.clearFollowed', { count: concerned.length })}
            </Button>
          ) : null}
        </Space>
      </div>
      {data?.sealed ? (
        <Alert
          className="oj-sb-notice"
          type="warning"
          showIcon
          title={t('scoreboard.sealed.title')}
          description={
            source === 'virtual'
              ? t('scoreboard.sealed.virtual')
              : contest.status === ContestStatus.ENDED
                ? t('scoreboard.sealed.afterEnd', { time: sealTime })
                : t('scoreboard.sealed.running', { time: sealTime })
          }
          data-testid="sb-sealed-notice"
        />
      ) : null}
      {elapsed !== null ? (
        <Alert
          className="oj-sb-notice"
          type="info"
          showIcon
          title={t('contest.virtual.boardAt', { time: hms(Math.floor(elapsed / 1000)) })}
          data-testid="sb-virtual-notice"
        />
      ) : null}
      {isError ? (
        <RetryAlert title={t('scoreboard.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} testId="sb-error" retryTestId="sb-retry" />
      ) : null}
      <ScoreboardTable
        cid={cid}
        type={contest.type}
        problems={problems}
        rows={data?.records ?? []}
        pinned={pinnedOnPage}
        loading={query.isPending && !isError}
        viewerUid={user?.uid}
        concerned={new Set(concerned)}
        onToggleConcern={toggleConcern}
        inside={source !== 'outside'}
        pagination={{
          current: page,
          pageSize: limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: CONTEST_LIMITS.rankPageSizes.map(String),
          showTotal: () => t('scoreboard.totalUsers', { total: Math.max(0, (data?.total ?? 0) - pinned) }),
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
      />
    </Card>
  );
});
