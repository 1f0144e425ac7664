import '../rank/scoreboard.css';
import type { HTMLAttributes } from 'react';
import { Button, Result, Switch, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, type ContestPrintJob } from '@oj/shared';
import { contestKeys } from '../../../api/contest';
import { contestRankApi, contestRankKeys } from '../../../api/contestRank';
import { formatDateTime } from '../../../components/time';
import { useContest } from '../ContestContext';
import { ToolTable, UserCell, useRowTask, useToolList } from './toolParts';
import './tools.css';

/**
 * /contest/:contestID/admin-print (ContestAdminPrint; contest admin, openPrint): the print
 * queue, not yet printed first; each job's text can be read, downloaded and marked printed; refreshed
 * every 10 s while the switch is on; 15 per page.
 */
export default function AdminPrintPage() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const client = useQueryClient();
  const [busy, runRow] = useRowTask();
  const allowed = isContestAdmin && contest.openPrint;
  const list = useToolList({
    queryKey: (page) => contestRankKeys.print(contest.id, page),
    queryFn: (page) => contestRankApi.printJobs(contest.id, page, CONTEST_LIMITS.printPageSize, { silent: true }),
    pageSize: CONTEST_LIMITS.printPageSize,
    enabled: allowed,
  });

  if (!allowed) return <Result status="403" title={t(isContestAdmin ? 'msg.printClosed' : 'scoreboard.tools.adminOnly')} data-testid="admin-print-denied" />;

  const mark = (job: ContestPrintJob) =>
    runRow(job.id, async () => {
      await contestRankApi.markPrinted(job.id, contest.id);
      await client.invalidateQueries({ queryKey: contestKeys.adminPrint(contest.id) });
    });

  return (
    <ToolTable
      title={t('scoreboard.adminPrint.title')}
      intro={t('scoreboard.adminPrint.intro')}
      testId="admin-print"
      list={list}
      showTotal={(total) => t('scoreboard.adminPrint.total', { total })}
      rowClassName={(r) => (r.status === 1 ? 'oj-tools-done' : '')}
      onRow={(r) => ({ 'data-testid': `print-row-${r.id}`, 'data-status': String(r.status) }) as HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowRender: (r) => <pre className="oj-print-content">{r.content}</pre>,
      }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: t('scoreboard.adminPrint.user'),
          key: 'user',
          width: 200,
          render: (_, r) => <UserCell username={r.username} realname={r.realname} />,
        },
        { title: t('scoreboard.adminPrint.time'), key: 'time', width: 180, render: (_, r) => formatDateTime(r.gmtCreate) },
        {
          title: t('scoreboard.adminPrint.length'),
          key: 'length',
          width: 100,
          render: (_, r) => t('scoreboard.adminPrint.chars', { count: r.content.length }),
        },
        {
          title: t('scoreboard.adminPrint.status'),
          key: 'status',
          width: 180,
          render: (_, r) => (
            <span className="oj-sb-switch">
              <Switch
                size="small"
                checked={r.status === 1}
                disabled={r.status === 1}
                loading={busy === r.id}
                onChange={() => void mark(r)}
                data-testid={`print-mark-${r.id}`}
              />
              <Tag color={r.status === 1 ? 'green' : 'orange'}>
                {r.status === 1 ? t('scoreboard.adminPrint.printed') : t('scoreboard.adminPrint.notPrinted')}
              </Tag>
            </span>
          ),
        },
        {
          title: t('scoreboard.adminPrint.download'),
          key: 'download',
          width: 110,
          render: (_, r) => (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void contestRankApi.downloadPrintText(r.id, contest.id, r.username).catch(() => undefined)}
              data-testid={`print-download-${r.id}`}
            >
              {t('scoreboard.adminPrint.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}
