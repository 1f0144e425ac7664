import { Card, Empty, Skeleton, Table } from 'antd';
import { ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecentUpdatedProblem } from '@oj/shared';
import { homeApi, homeKeys } from '../../api/home';
import { formatDateTime } from '../../components/time';

/** Recently updated problems (spec 1 §2 Home): problem id, title, last modified. */
export function RecentProblems() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.recentProblems, queryFn: homeApi.recentUpdatedProblems });
  return (
    <Card
      title={
        <span>
          <ReadOutlined /> {t('homeWidgets.recentProblems')}
        </span>
      }
      data-testid="recent-problems"
    >
      {isPending ? (
        <Skeleton active />
      ) : !data?.length ? (
        <Empty description={isError ? t('common.loadFailed') : t('homeWidgets.noProblems')} />
      ) : (
        <Table<RecentUpdatedProblem>
          size="small"
          rowKey="pid"
          pagination={false}
          dataSource={data}
          scroll={{ x: 420 }}
          columns={[
            {
              title: t('homeWidgets.problemId'),
              dataIndex: 'problemId',
              width: 110,
              render: (id: string) => <Link to={`/problem/${encodeURIComponent(id)}`}>{id}</Link>,
            },
            {
              title: t('homeWidgets.title'),
              dataIndex: 'title',
              ellipsis: true,
              render: (title: string, r) => <Link to={`/problem/${encodeURIComponent(r.problemId)}`}>{title}</Link>,
            },
            { title: t('homeWidgets.modified'), dataIndex: 'gmtModified', width: 170, render: (iso: string) => formatDateTime(iso) },
          ]}
        />
      )}
    </Card>
  );
}
