import './scoreboard.css';
import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Result, Space, Switch, Typography } from 'antd';
import { ExportOutlined, TrophyFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, ContestStatus, DEFAULT_AWARDS, contestRule } from '@oj/shared';
import { contestKeys } from '../../../api/contest';
import { contestRankApi } from '../../../api/contestRank';
import { useContest } from '../ContestContext';
import { defaultMedals } from './resolver';
import { QueryRetryAlert } from './RetryAlert';

/** The stand-alone page's address: cid, removeStar, and medals[] three times. */
function scrollBoardUrl(cid: number, removeStar: boolean, medals: readonly number[]): string {
  const params = new URLSearchParams({ cid: String(cid), removeStar: String(removeStar) });
  for (const m of medals) params.append('medals[]', String(m));
  return `/scrollBoard?${params.toString()}`;
}

const MEDAL_KEYS = ['gold', 'silver', 'bronze'] as const;

/**
 * /contest/:contestID/scroll-board (contest admin, ACM only): medal counts (default 10 / 20 / 30 % of
 * the ranked users, floored), the remove-star switch, and a button opening the scroll board in a new
 * window. The resolver opens only after the end: before it, it would give the frozen results away.
 */
export default function ContestScrollBoardTab() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const ended = contest.status === ContestStatus.ENDED;
  const allowed = isContestAdmin && contestRule(contest.type).scrollBoard;
  const [removeStar, setRemoveStar] = useState(true);
  // The admin's own counts once they edit one; until then the defaults for the ranked users.
  const [edited, setEdited] = useState<[number, number, number] | null>(null);
  // Ranked users: the real board without star users (the admin sees it unsealed).
  const ranked = useQuery({
    queryKey: contestKeys.scrollRanked(contest.id),
    queryFn: () => contestRankApi.rank({ cid: contest.id, currentPage: 1, limit: 1, removeStar: true }, { silent: true }),
    enabled: allowed,
    retry: false,
  });
  const count = ranked.data ? Math.max(0, ranked.data.total - ranked.data.pinned) : null;
  const medals = edited ?? (count !== null ? defaultMedals(count, CONTEST_LIMITS.medalPercents) : null);

  if (!allowed)
    return (
      <Result
        status="403"
        title={t(contestRule(contest.type).scrollBoard ? 'scoreboard.scroll.adminOnly' : 'scoreboard.scroll.acmOnly')}
        data-testid="scroll-tab-denied"
      />
    );

  return (
    <Card title={t('scoreboard.scroll.title')} data-testid="scroll-tab">
      <Typography.Paragraph type="secondary">{t('scoreboard.scroll.intro')}</Typography.Paragraph>
      {!ended ? <Alert className="oj-sb-notice" type="info" showIcon title={t('scoreboard.scroll.notEnded')} data-testid="scroll-tab-not-ended" /> : null}
      <QueryRetryAlert query={ranked} testId="scroll-tab-error" />
      <Form layout="vertical" className="oj-scroll-form">
        <Form.Item label={t('scoreboard.scroll.medals')} extra={count !== null ? t('scoreboard.scroll.rankedUsers', { count }) : undefined}>
          <Space wrap size={[16, 8]}>
            {MEDAL_KEYS.map((k, i) => (
              <Space key={k} size={6}>
                <TrophyFilled style={{ color: DEFAULT_AWARDS[i]!.background }} />
                <span>{t(`scoreboard.scroll.${k}`)}</span>
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  value={medals?.[i] ?? null}
                  disabled={!medals}
                  onChange={(v) =>
                    medals && setEdited(medals.map((x, j) => (j === i ? Math.max(0, Math.floor(Number(v) || 0)) : x)) as [number, number, number])
                  }
                  data-testid={`scroll-medal-${k}`}
                  style={{ width: 96 }}
                />
              </Space>
            ))}
          </Space>
        </Form.Item>
        <Form.Item>
          <label className="oj-sb-switch">
            <Switch checked={removeStar} onChange={setRemoveStar} data-testid="scroll-remove-star" />
            {t('scoreboard.toolbar.removeStar')}
          </label>
        </Form.Item>
        <Button
          type="primary"
          icon={<ExportOutlined />}
          // Until the count is known there are no medals to send (0/0/0 would hand out none).
          disabled={!ended || !medals}
          onClick={() => medals && window.open(scrollBoardUrl(contest.id, removeStar, medals), '_blank', 'noopener')}
          data-testid="scroll-open"
        >
          {t('scoreboard.scroll.open')}
        </Button>
      </Form>
    </Card>
  );
}
