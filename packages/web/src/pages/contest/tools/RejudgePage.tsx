import { Button, Card, List, Popconfirm, Result, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useContestProblems } from '../../../api/contest';
import { contestRankApi } from '../../../api/contestRank';
import { feedback } from '../../../app/feedback';
import { useContest } from '../ContestContext';
import { Balloon } from '../rank/Balloon';
import { QueryRetryAlert } from '../rank/RetryAlert';
import { useRowTask } from './toolParts';
import './tools.css';
import { useMay } from '../../../app/may';
import { PageLoading } from '../../../app/layout/PageLoading';

/**
 * /contest/:contestID/rejudge (ContestRejudgeAdmin; super admin only): the contest's problems,
 * each with a rejudge button behind a confirmation; every submission of the problem in the contest is
 * judged again.
 */
export default function RejudgePage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const superAdmin = useMay('superviseJudging');
  const problems = useContestProblems(contest.id, superAdmin);
  const [busy, runRow] = useRowTask();

  if (!superAdmin) return <Result status="403" title={t('scoreboard.rejudge.superAdminOnly')} data-testid="rejudge-denied" />;
  if (problems.isPending) return <PageLoading />;

  const rejudge = (pid: number) =>
    runRow(pid, async () => {
      const { count } = await contestRankApi.rejudge(contest.id, pid);
      feedback.success(`${t('scoreboard.rejudge.success')} (${t('scoreboard.rejudge.count', { count })})`);
    });

  return (
    <Card title={t('scoreboard.rejudge.title')} data-testid="rejudge">
      <Typography.Paragraph type="secondary">{t('scoreboard.rejudge.intro')}</Typography.Paragraph>
      {problems.isError && !problems.data ? (
        <QueryRetryAlert query={problems} testId="rejudge-error" />
      ) : (
        <List
          className="oj-rejudge-list"
          bordered
          dataSource={problems.data ?? []}
          locale={{ emptyText: t('scoreboard.rejudge.empty') }}
          renderItem={(p) => (
            <List.Item
              data-testid={`rejudge-row-${p.displayId}`}
              actions={[
                <Popconfirm
                  key="rejudge"
                  title={t('scoreboard.rejudge.confirm', { problem: `${p.displayId} ${p.displayTitle}` })}
                  okText={t('scoreboard.rejudge.ok')}
                  cancelText={t('scoreboard.rejudge.cancel')}
                  onConfirm={() => rejudge(p.pid)}
                >
                  <Button danger icon={<RedoOutlined />} loading={busy === p.pid} data-testid={`rejudge-${p.displayId}`}>
                    {t('scoreboard.rejudge.button')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<Balloon color={p.color} size={24} />}
                title={
                  <span>
                    <strong>{p.displayId}</strong> {p.displayTitle}
                  </span>
                }
                description={t('scoreboard.rejudge.stats', { ac: p.ac, total: p.total })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
