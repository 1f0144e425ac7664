import './scoreboard.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Result, Space, Switch, Typography } from 'antd';
import { ExportOutlined, TrophyFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, ContestStatus, ContestType, DEFAULT_AWARDS } from '@oj/shared';
import { contestRankApi } from '../../../api/contestRank';
import { useContest } from '../ContestContext';
import { defaultMedals } from './resolver';

/** The stand-alone page's address (spec 2 §2): cid, removeStar, and medals[] three times. */
export function scrollBoardUrl(cid: number, removeStar: boolean, medals: readonly number[]): string {
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
  const allowed = isContestAdmin && contest.type === ContestType.ACM;
  const [removeStar, setRemoveStar] = useState(true);
  const [medals, setMedals] = useState<[number, number, number] | null>(null);
  // Ranked users: the real board without star users (the admin sees it unsealed).
  const ranked = useQuery({
    queryKey: ['contest', contest.id, 'scroll-board', 'ranked'],
    queryFn: () => contestRankApi.rank({ cid: contest.id, currentPage: 1, limit: 1, removeStar: true }, { silent: true }),
    enabled: allowed,
    retry: false,
  });
  const count = ranked.data ? Math.max(0, ranked.data.total - ranked.data.pinned) : null;
  useEffect(() => {
    if (count !== null) setMedals((m) => m ?? defaultMedals(count, CONTEST_LIMITS.medalPercents));
  }, [count]);

  if (!allowed)
    return <Result status="403" title={t(contest.type === ContestType.ACM ? 'scoreboard.scroll.adminOnly' : 'scoreboard.scroll.acmOnly')} data-testid="scroll-tab-denied" />;

  const values = medals ?? [0, 0, 0];
  return (
    <Card title={t('scoreboard.scroll.title')} data-testid="scroll-tab">
      <Typography.Paragraph type="secondary">{t('scoreboard.scroll.intro')}</Typography.Paragraph>
      {!ended ? <Alert className="oj-sb-notice" type="info" showIcon message={t('scoreboard.scroll.notEnded')} data-testid="scroll-tab-not-ended" /> : null}
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
                  value={values[i]}
                  onChange={(v) => setMedals(values.map((x, j) => (j === i ? Math.max(0, Math.floor(Number(v) || 0)) : x)) as [number, number, number])}
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
          disabled={!ended}
          onClick={() => window.open(scrollBoardUrl(contest.id, removeStar, values), '_blank', 'noopener')}
          data-testid="scroll-open"
        >
          {t('scoreboard.scroll.open')}
        </Button>
      </Form>
    </Card>
  );
}
