import '../rank/scoreboard.css';
import type { HTMLAttributes } from 'react';
import { Result, Switch, Tag, Tooltip } from 'antd';
import { FireFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, type ContestAcInfo, contestRule } from '@oj/shared';
import { contestKeys } from '../../../api/contest';
import { contestRankApi, contestRankKeys } from '../../../api/contestRank';
import { formatDateTime } from '../../../components/time';
import { useContest } from '../ContestContext';
import { Balloon } from '../rank/Balloon';
import { hms } from '../rank/format';
import { ToolTable, UserCell, useRowTask, useToolList } from './toolParts';
import './tools.css';

/**
 * /contest/:contestID/ac-info (ContestACInfo; contest admin, ACM only): the balloons to hand
 * out — each user's first AC per problem, first bloods marked, in the problem's balloon colour;
 * undelivered first; "delivered" toggles; refreshed every 10 s while the switch is on; 20 per page.
 */
export default function AcInfoPage() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const client = useQueryClient();
  const [busy, runRow] = useRowTask();
  const allowed = isContestAdmin && contestRule(contest.type).acHelper;
  const start = Date.parse(contest.startTime);
  const list = useToolList({
    queryKey: (page) => contestRankKeys.acInfo(contest.id, page),
    queryFn: (page) => contestRankApi.acInfo(contest.id, page, CONTEST_LIMITS.acInfoPageSize, { silent: true }),
    pageSize: CONTEST_LIMITS.acInfoPageSize,
    enabled: allowed,
  });

  if (!allowed)
    return (
      <Result status="403" title={t(contestRule(contest.type).acHelper ? 'scoreboard.tools.adminOnly' : 'msg.acInfoAcmOnly')} data-testid="ac-info-denied" />
    );

  const toggle = (row: ContestAcInfo, checked: boolean) =>
    runRow(row.id, async () => {
      await contestRankApi.checkAcInfo(row.id, contest.id, checked);
      await client.invalidateQueries({ queryKey: contestKeys.acInfo(contest.id) });
    });

  return (
    <ToolTable
      title={t('scoreboard.acInfo.title')}
      intro={t('scoreboard.acInfo.intro')}
      testId="ac-info"
      list={list}
      showTotal={(total) => t('scoreboard.acInfo.total', { total })}
      rowClassName={(r) => (r.checked ? 'oj-tools-done' : '')}
      onRow={(r) => ({ 'data-testid': `ac-info-row-${r.username}-${r.displayId}`, 'data-checked': String(r.checked) }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('scoreboard.acInfo.problem'),
          key: 'problem',
          width: 110,
          render: (_, r) => (
            <span className="oj-tools-balloon">
              <Balloon color={r.color} size={34} title={r.displayId} />
              <strong>{r.displayId}</strong>
            </span>
          ),
        },
        {
          title: t('scoreboard.acInfo.firstBlood'),
          key: 'firstBlood',
          width: 130,
          render: (_, r) =>
            r.firstBlood ? (
              <Tag color="#f5222d" icon={<FireFilled />} data-testid="first-blood">
                {t('scoreboard.acInfo.firstBloodTag')}
              </Tag>
            ) : null,
        },
        {
          title: t('scoreboard.acInfo.user'),
          key: 'user',
          width: 200,
          render: (_, r) => <UserCell username={r.username} realname={r.realname} />,
        },
        {
          title: t('scoreboard.acInfo.time'),
          key: 'time',
          width: 200,
          render: (_, r) => (
            <Tooltip title={formatDateTime(r.submitTime)}>
              <span>{hms((Date.parse(r.submitTime) - start) / 1000)}</span>
            </Tooltip>
          ),
        },
        {
          title: t('scoreboard.acInfo.delivered'),
          key: 'checked',
          width: 120,
          render: (_, r) => (
            <Switch
              checked={r.checked}
              loading={busy === r.id}
              onChange={(v) => void toggle(r, v)}
              checkedChildren={t('scoreboard.acInfo.yes')}
              unCheckedChildren={t('scoreboard.acInfo.no')}
              data-testid={`ac-info-check-${r.id}`}
            />
          ),
        },
      ]}
    />
  );
}
