import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type SubmissionInfo } from '@oj/shared';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../components/time';
import { StatusTag } from '../../components/problemStatus';
import { useProblemScope } from './problemScope';

/** The problem page's "my submissions" tab. */
export default function MySubmissions({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const scope = useProblemScope();
  const [page, setPage] = useState(1);
  const limit = PAGE_SIZES.mySubmissions;
  const { data, isFetching } = useQuery({
    queryKey: scope.mySubmissionsKey(problemId, user?.uid ?? '', page),
    queryFn: () => scope.mySubmissions(problemId, page, limit),
    enabled: !!user,
  });
  return (
    <Table<SubmissionInfo>
      rowKey="submitId"
      size="small"
      loading={isFetching}
      dataSource={data?.records ?? []}
      scroll={{ x: 'max-content' }}
      data-testid="my-submissions"
      pagination={{ current: page, pageSize: limit, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('problem.my.submitTime'), dataIndex: 'submitTime', render: (v: string) => formatDateTime(v) },
        {
          title: t('problem.my.status'),
          dataIndex: 'status',
          render: (s: number, r) => (
            <Link to={scope.submissionPath(r.submitId, problemId)}>
              <StatusTag status={s} score={r.score} />
            </Link>
          ),
        },
        { title: t('problem.my.time'), dataIndex: 'time', render: (v: number | null) => (v === null ? '-' : `${v} ms`) },
        { title: t('problem.my.memory'), dataIndex: 'memory', render: (v: number | null) => (v === null ? '-' : `${v} KB`) },
        { title: t('problem.my.language'), dataIndex: 'language' },
      ]}
    />
  );
}
