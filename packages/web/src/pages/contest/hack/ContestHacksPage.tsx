import { Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContestStatus, type HackVerdict, type HackView } from '@oj/shared';
import { contestHackApi, contestHackKeys } from '../../../api/contestHack';
import { useLive } from '../../../api/live';
import { feedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { RelativeTime } from '../../../components/RelativeTime';
import { useContest } from '../ContestContext';
import { QueryRetryAlert } from '../rank/RetryAlert';
import './hack.css';

const VERDICT_COLOR: Record<HackVerdict, string> = {
  pending: 'gold',
  invalid: 'default',
  unsuccessful: 'blue',
  successful: 'red',
  referenceFailed: 'purple',
};

const PENDING_POLL_MS = 2000;

/**
 * /contest/:contestID/hacks: every hack of the contest with its verdict, refreshed when the live stream
 * tells of a change (polled while a hack waits and the stream is down); the
 * input shown where the server sends it (the hacker's and the staff's, everyone's after the end). After
 * the end the staff turn successful hacks into tests, and the contest is judged again.
 */
export default function ContestHacksPage() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const { user } = useSession();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refetch = () => void client.invalidateQueries({ queryKey: ['contest-hack', 'list', contest.id] });
  const live = useLive({ contest: contest.id }, (e) => {
    if ((e.type === 'hack' && e.cid === contest.id) || e.type === 'resync') refetch();
  });
  const list = useQuery({
    queryKey: contestHackKeys.list(contest.id, user?.uid ?? ''),
    queryFn: () => contestHackApi.list(contest.id, { silent: true }),
    // Polled only while the live stream is down and a hack waits for its verdict.
    refetchInterval: (q) => (!live && q.state.data?.some((h) => h.verdict === 'pending') ? PENDING_POLL_MS : false),
  });
  const toTests = async () => {
    setBusy(true);
    try {
      const r = await contestHackApi.toTests(contest.id);
      feedback.success(t('contestHack.toTestsDone', { added: r.added, rejudged: r.rejudged }));
      refetch();
    } catch {
      // the server's refusal was shown
    } finally {
      setBusy(false);
    }
  };
  const columns: ColumnsType<HackView> = [
    { title: '#', dataIndex: 'id', width: 64 },
    { title: t('contestHack.problem'), dataIndex: 'displayId', width: 80 },
    { title: t('contestHack.hacker'), dataIndex: 'hacker' },
    { title: t('contestHack.victim'), dataIndex: 'victim', render: (v: string, h) => `${v} (#${h.submitId})` },
    {
      title: t('contestHack.verdict'),
      dataIndex: 'verdict',
      render: (v: HackVerdict, h) => (
        <span data-testid={`hack-verdict-${h.id}`}>
          <Tag color={VERDICT_COLOR[v]}>{t(`contestHack.verdicts.${v}`)}</Tag>
          {h.addedToTests && <Tag color="green">{t('contestHack.addedToTests')}</Tag>}
        </span>
      ),
    },
    { title: t('contestHack.time'), dataIndex: 'createdAt', render: (iso: string) => <RelativeTime iso={iso} />, responsive: ['md'] },
  ];
  const ended = contest.status === ContestStatus.ENDED;
  return (
    <Card
      title={t('contest.tab.hacks')}
      data-testid="contest-hacks"
      extra={
        isContestAdmin &&
        ended && (
          <Popconfirm title={t('contestHack.toTestsConfirm')} onConfirm={toTests}>
            <Button loading={busy} data-testid="hacks-to-tests">
              {t('contestHack.toTests')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {list.isError && !list.data ? (
        <QueryRetryAlert query={list} testId="contest-hacks-error" />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 30, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          expandable={{
            rowExpandable: (h) => h.input !== null || !!h.message,
            expandedRowRender: (h) => (
              <div className="oj-hack-detail">
                {h.message && <Typography.Paragraph type="secondary">{h.message}</Typography.Paragraph>}
                {h.input !== null && <pre className="oj-hack-code">{h.input}</pre>}
              </div>
            ),
          }}
        />
      )}
    </Card>
  );
}
