import './shell/contest.css';
import { useEffect, useState } from 'react';
import { Button, Card, Empty, Input, List, Pagination, Radio, Space, Tooltip, Typography } from 'antd';
import { BarChartOutlined, CalendarOutlined, ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, CONTEST_TYPES, ContestAuth, ContestStatus, contestListQuery, type ContestInfo } from '@oj/shared';
import { useContestList } from '../../api/contest';
import { formatDateTime } from '../../components/time';
import { ContestLink } from './list/ContestLink';
import {
  ContestAuthTag,
  ContestLock,
  ContestStatusTag,
  ContestTrophy,
  ContestTypeButton,
  outsideBoardPath,
  statusColor,
  useFormatDuration,
} from '../../components/contest/meta';
import { useListState } from '../../components/list/useListState';

/** The list's size is fixed: a `limit` in the address is not read. */
const PAGER = { pageSizes: [CONTEST_LIMITS.listPageSize] };

/** A labelled row of buttons narrowing the list to one value; its first button, "all", lifts the filter. */
function FilterChoice({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange(value: number | undefined): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Radio.Group
        size="small"
        optionType="button"
        value={value ?? 'all'}
        onChange={(e) => onChange(e.target.value === 'all' ? undefined : Number(e.target.value))}
        options={[{ value: 'all', label: t('contest.list.all') }, ...options]}
        data-testid={testId}
      />
    </Space>
  );
}

/**
 * One contest card (a group's contest tab shows the same cards). `countOnlyIfNotPublic`: the
 * group's cards show the participant count for private and protected contests only.
 */
export function ContestItem({
  contest: c,
  onRule,
  countOnlyIfNotPublic = false,
}: {
  contest: ContestInfo;
  onRule: (type: number) => void;
  countOnlyIfNotPublic?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duration = useFormatDuration();
  const scheduled = c.status === ContestStatus.SCHEDULED;
  return (
    <div className="oj-contest-item" style={{ borderLeftColor: statusColor(c.status) }} data-testid={`contest-item-${c.id}`}>
      <ContestTrophy type={c.type} />
      <div className="oj-contest-item-body">
        <div className="oj-contest-item-title">
          <ContestLink cid={c.id} testId={`contest-title-${c.id}`}>
            {c.title}
          </ContestLink>
          <ContestLock auth={c.auth} />
        </div>
        <ul className="oj-contest-item-info">
          <li>
            <Tooltip title={t('contest.list.startTime')}>
              <CalendarOutlined /> {formatDateTime(c.startTime)}
            </Tooltip>
          </li>
          <li>
            <Tooltip title={t('contest.list.duration')}>
              <ClockCircleOutlined /> <span data-testid="contest-duration">{duration(c.duration)}</span>
            </Tooltip>
          </li>
          <li>
            <ContestTypeButton contest={c} onClick={() => onRule(c.type)} />
          </li>
          <li>
            <ContestAuthTag auth={c.auth} />
          </li>
          {(!countOnlyIfNotPublic || c.auth !== ContestAuth.PUBLIC) && (
            <li>
              <Tooltip title={t('contest.list.participants')}>
                <UserOutlined /> <span data-testid="contest-count">{c.count}</span>
              </Tooltip>
            </li>
          )}
          {c.openRank && (
            <li>
              <Tooltip title={scheduled ? t('contest.list.scoreboardScheduled') : undefined}>
                <Button
                  size="small"
                  icon={<BarChartOutlined />}
                  disabled={scheduled}
                  onClick={() => navigate(outsideBoardPath(c))}
                  data-testid={`contest-board-${c.id}`}
                >
                  {t('contest.list.scoreboard')}
                </Button>
              </Tooltip>
            </li>
          )}
        </ul>
      </div>
      <div className="oj-contest-item-status">
        <ContestStatusTag status={c.status} />
      </div>
    </div>
  );
}

/** Contest list: rule, status and keyword filters, ten contests a page. */
export default function ContestListPage() {
  const { t } = useTranslation();
  // The filters live in the address bar (currentPage, status, keyword, type).
  const [filter, update] = useListState(contestListQuery, undefined, PAGER);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const list = useContestList(filter);
  const rows = list.data?.records ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className="oj-page" data-testid="contest-list">
      <Card
        title={t('contest.list.heading')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('contest.list.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            className="oj-contest-search"
            data-testid="contest-keyword"
          />
        }
      >
        <Space wrap size={[24, 8]} className="oj-contest-filters">
          <FilterChoice
            label={t('contest.list.rule')}
            value={filter.type}
            onChange={(type) => update({ type })}
            options={CONTEST_TYPES.map((r) => ({ value: r.type, label: r.label }))}
            testId="contest-filter-type"
          />
          <FilterChoice
            label={t('contest.list.status')}
            value={filter.status}
            onChange={(status) => update({ status })}
            options={[
              { value: ContestStatus.SCHEDULED, label: t('contest.status.scheduled') },
              { value: ContestStatus.RUNNING, label: t('contest.status.running') },
              { value: ContestStatus.ENDED, label: t('contest.status.ended') },
            ]}
            testId="contest-filter-status"
          />
        </Space>
        <List<ContestInfo>
          className="oj-contest-list"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          dataSource={rows}
          rowKey="id"
          locale={{ emptyText: <Empty description={list.isError ? t('common.loadFailed') : t('contest.list.empty')} /> }}
          renderItem={(c) => <ContestItem contest={c} onRule={(type) => update({ type })} />}
        />
        {total > 0 && (
          <Pagination
            className="oj-contest-pagination"
            current={filter.currentPage}
            pageSize={CONTEST_LIMITS.listPageSize}
            total={total}
            showSizeChanger={false}
            onChange={(currentPage) => update({ currentPage })}
            data-testid="contest-pagination"
          />
        )}
      </Card>
    </div>
  );
}
