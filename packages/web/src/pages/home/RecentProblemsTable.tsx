import { Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecentUpdatedProblem } from '@oj/shared';
import { formatDateTime } from '../../components/time';

/** The table of the recently-updated-problems card; its own chunk (antd Table), fetched when the card comes on screen. */
export default function RecentProblemsTable({ data }: { data: RecentUpdatedProblem[] }) {
  const { t } = useTranslation();
  return (
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
  );
}
